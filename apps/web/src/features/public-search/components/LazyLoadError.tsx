import { lazy, Suspense, type ComponentProps } from 'react';

// Alert is drawn only when a search fails: it loads then, not with every visit.
const LoadErrorAlert = lazy(() =>
  import('@/components/LoadError').then((m) => ({ default: m.LoadError })),
);

/** The shared LoadError, loaded on first use. */
export function LoadError(props: ComponentProps<typeof LoadErrorAlert>) {
  return (
    <Suspense fallback={null}>
      <LoadErrorAlert {...props} />
    </Suspense>
  );
}
