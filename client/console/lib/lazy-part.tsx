import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A place's screen offered through its public entry, loaded when first shown (nothing shows
 * until then): a place that imports the entry does not load the screen with its own chunk
 * (docs/console/README.md "The code: places, ui, lib").
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPart(p: P) {
    return (
      <Suspense fallback={null}>
        <Part {...p} />
      </Suspense>
    );
  };
}
