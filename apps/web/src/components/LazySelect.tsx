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
import './lazy-select.css';

// Ant Design's Select with its virtual list is ≈ 24 KB of a public page: it loads when a select
// is first reached for (pointer over it, focus, a tap), never for a visitor who only reads.
// Mounting one also measures it in the commit (a multiple select's input width), which on a
// phone forced the layout of the whole new registration page.
const Select = lazy(() => import('antd/es/select'));

type Option<V> = { value: V; label: string };
/** `T` is the value: one `V`, or `V[]` for `mode="multiple"`. */
type Props<V extends string | number, T extends V | V[]> = Omit<
  SelectProps<T | undefined, Option<V>>,
  'options'
> & {
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
 * asked to open. A multiple select that holds values is the real one from then on (the
 * look-alike draws no tags). Inside a Form.Item it takes the item's id, its error colour and
 * its aria- attributes.
 */
export function LazySelect<V extends string | number, T extends V | V[] = V>(props: Props<V, T>) {
  const [reach, setReach] = useState<Reach>();
  // Once real, always real: the real select stays while its last tag is removed.
  const [heldValues, setHeldValues] = useState(false);
  if (!heldValues && Array.isArray(props.value) && props.value.length > 0) setHeldValues(true);
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

  const { id, value, options, placeholder, loading, className, style } = props;
  // A Form.Item marks its field's errors on it (aria-invalid, aria-describedby).
  const invalid =
    props['aria-invalid'] === true || props['aria-invalid'] === 'true' || props.status === 'error';
  const label =
    value === undefined || Array.isArray(value)
      ? undefined
      : (options.find((o) => o.value === value)?.label ?? value);
  const classes = ['lazy-select', className, invalid && 'lazy-select-status-error'];
  const lookAlike = (
    <div
      className={classes.filter(Boolean).join(' ')}
      style={style as CSSProperties}
      onPointerEnter={() => raise('hover')}
      onPointerDown={() => raise('open')}
    >
      {/* An input, as in the real select: the field's <label for> focuses it. */}
      <input
        id={id}
        className="lazy-select-input"
        role="combobox"
        readOnly
        value={label === undefined ? '' : String(label)}
        // The cleanup runs in the commit that swaps the real select in, before the look-alike goes.
        ref={(node) => () => {
          focusOnSwap.current = document.activeElement === node;
        }}
        aria-label={props['aria-label']}
        aria-invalid={invalid || undefined}
        aria-describedby={props['aria-describedby']}
        aria-required={props['aria-required']}
        aria-expanded={false}
        aria-haspopup="listbox"
        onFocus={() => raise('focus')}
        onKeyDown={(event: KeyboardEvent) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          raise('open');
        }}
      />
      <span className="lazy-select-content" aria-hidden>
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
      {reach || heldValues ? (
        <Select {...(props as SelectProps)} ref={select} defaultOpen={reach === 'open'} />
      ) : (
        lookAlike
      )}
    </Suspense>
  );
}
