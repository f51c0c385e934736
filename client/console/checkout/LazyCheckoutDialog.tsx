import { lazy, Suspense, type ComponentProps } from 'react';

const Dialog = lazy(() => import('./CheckoutDialog').then((m) => ({ default: m.CheckoutDialog })));

/**
 * The checkout dialog, loaded when a checkout is opened: its form, payment methods and
 * react-hook-form stay out of the console's first load (scripts/bundle.mjs, 150 KB gzip).
 */
export function LazyCheckoutDialog(p: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...p} />
    </Suspense>
  );
}
