import { lazy, Suspense, type ComponentProps } from 'react';

const Dialog = lazy(() => import('./BlockDialog').then((m) => ({ default: m.BlockDialog })));

/**
 * The dialog that blocks time in the diary, loaded when it is opened: its form and react-hook-form
 * stay out of the chunks of the places that use time off's public entry (Today's first load:
 * scripts/bundle.mjs, 150 KB gzip).
 */
export function LazyBlockDialog(p: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...p} />
    </Suspense>
  );
}
