/**
 * Lazily loaded components that render at once when their code has already arrived.
 *
 * React's own `lazy` suspends on its first render even when the module is loaded: it hears of it only
 * a microtask later, shows the nearest fallback, and holds back what replaces a fallback until 300 ms
 * after it appeared (docs/performance.md, "The web app's first screen"). Here the loader's promise is
 * loaded once and remembers its outcome where React's `use` reads it, so a component whose code is in
 * renders in the same pass as its parent.
 */
import { use, type ComponentType, type JSX } from 'react';

/** A promise that says whether it has settled, in the fields React's `use` reads. */
type Tracked<T> = Promise<T> & { status?: string; value?: T; reason?: unknown };

/** `load`, called once: every later call answers the same promise, which records its outcome. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Tracked<T> | undefined;
  return () => {
    if (loading) return loading;
    const started: Tracked<T> = load();
    loading = started;
    // A promise from another `loadOnce` already records its outcome.
    if (started.status !== undefined) return started;
    started.status = 'pending';
    started.then(
      (value) => {
        started.status = 'fulfilled';
        started.value = value;
      },
      (reason: unknown) => {
        started.status = 'rejected';
        started.reason = reason;
      },
    );
    return started;
  };
}

/** Whether a promise from `loadOnce` has settled with a value. */
export function isLoaded(promise: Promise<unknown>): boolean {
  return (promise as Tracked<unknown>).status === 'fulfilled';
}

export type ReadyLazy<P> = ((props: P) => JSX.Element) & { preload: () => Promise<ComponentType<P>> };

/**
 * A component whose code is loaded by `load` when first shown (or earlier, by `preload`). It suspends
 * only while that code is still on its way; a failed load throws to the nearest error boundary.
 */
export function readyLazy<P extends object>(load: () => Promise<ComponentType<P>>): ReadyLazy<P> {
  const preload = loadOnce(load);
  function ReadyLazyComponent(props: P) {
    const Component = use(preload());
    return <Component {...props} />;
  }
  return Object.assign(ReadyLazyComponent, { preload });
}
