import {
  lazy,
  startTransition,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import type { RefSelectProps, SelectProps } from 'antd';
import { DownOutlined, LoadingOutlined } from '@ant-design/icons';

// Ant Design's Select with its virtual list is ≈ 24 KB of the public page: it loads when a select
// is first reached for (pointer over it, focus, a tap), never for a visitor who only reads.
const Select = lazy(() => import('antd/es/select'));

type Option<V> = { value: V; label: string };
type Props<V extends string | number> = Omit<SelectProps<V | undefined, Option<V>>, 'options'> & {
  options: Option<V>[];
  'aria-label': string;
};

/** How far a visitor has reached: pointer over it, focus on it, or asked it to open. */
type Reach = 'hover' | 'focus' | 'open';
const REACH_ORDER: Reach[] = ['hover', 'focus', 'open'];
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * An Ant Design Select that draws a look-alike of the closed select (same box, text and arrow; a
 * select-only combobox to assistive technology) until it is reached for, then the real one. The
 * swap is a transition, so the look-alike stays until the real one can take its place; the real
 * one takes the focus only if the look-alike still had it, and opens at once if a click or key
 * asked to open.
 */
export function LazySelect<V extends string | number>(props: Props<V>) {
  const [reach, setReach] = useState<Reach>();
  const select = useRef<RefSelectProps>(null);
  const focusOnSwap = useRef(false);
  const raise = (to: Reach) =>
    startTransition(() =>
      setReach((now) => (now && REACH_ORDER.indexOf(now) >= REACH_ORDER.indexOf(to) ? now : to)),
    );

  useLayoutEffect(() => {
    if (!reach || !focusOnSwap.current) return;
    focusOnSwap.current = false;
    select.current?.focus();
  }, [reach]);

  const { value, options, placeholder, loading, className, style } = props;
  const label =
    value === undefined ? undefined : (options.find((o) => o.value === value)?.label ?? value);
  const lookAlike = (
    <div
      role="combobox"
      tabIndex={0}
      // The cleanup runs in the commit that swaps the real select in, before the look-alike goes.
      ref={(node) => () => {
        focusOnSwap.current = document.activeElement === node;
      }}
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-haspopup="listbox"
      className={className ? `lazy-select ${className}` : 'lazy-select'}
      style={style as CSSProperties}
      onPointerEnter={() => raise('hover')}
      onFocus={() => raise('focus')}
      onPointerDown={() => raise('open')}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        raise('open');
      }}
    >
      <span className="lazy-select-content">
        {label === undefined ? (
          <span className="lazy-select-placeholder">{placeholder}</span>
        ) : (
          label
        )}
      </span>
      <span className="lazy-select-suffix" aria-hidden>
        {loading ? <LoadingOutlined spin /> : <DownOutlined />}
      </span>
    </div>
  );

  return (
    // There from the start, so the swap (a transition) keeps the look-alike while Select loads.
    <Suspense fallback={lookAlike}>
      {reach ? (
        <Select {...(props as SelectProps)} ref={select} defaultOpen={reach === 'open'} />
      ) : (
        lookAlike
      )}
    </Suspense>
  );
}
