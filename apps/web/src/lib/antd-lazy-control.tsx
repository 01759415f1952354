import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * An Ant Design component that loads on its first drawing, for the imports of Ant Design's own
 * components listed in `antd-swaps.ts` (a table's selection column, a card's tab list) that a
 * first screen never draws. Until it has loaded (a moment, once) `fallback` stands in its place.
 */
export function lazyAntdControl<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  const Real = lazy(load);
  return function LazyAntdControl(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Real {...props} />
      </Suspense>
    );
  };
}

/** A check box's size, kept while one loads so that its row does not move. */
export const checkBox = () => <span style={{ display: 'inline-block', width: 16, height: 16 }} />;
