/**
 * A component whose code is a chunk of its own: a routed screen (src/app/shell/routes.tsx), or a part of a screen that
 * its first render does not show (a dialog, a drop-down's list, a popover's content), so that the screen's first
 * render does not download and run it. Such a part loads when the browser is idle after the screen has shown
 * (`usePreloadWhenIdle`), or when it first renders, whichever comes first; a part opened before that shows once its
 * chunk has arrived.
 */
import { lazy, useEffect, useState, type ComponentType } from 'react';

export interface LazyPart<P extends object> {
  /** The part: rendered at once when its code is here, else once it has arrived (suspending meanwhile). */
  Component: ComponentType<P>;
  /** Starts loading the chunk (once; again after a failure). */
  preload(): Promise<ComponentType<P>>;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let ready: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (ready = component),
      (error: unknown) => {
        // A chunk that failed (the network) is asked for again next time instead of failing forever.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Part(props: P) {
    // Chosen once per mount: React's lazy wrapper suspends on its first render even when the code is here, and
    // switching from it to the component later would mount the part afresh.
    const [Component] = useState<ComponentType<P>>(() => ready ?? Lazy);
    return <Component {...props} />;
  }
  return { Component: Part, preload };
}

/** Once the caller has rendered and the browser is idle, loads these parts' code (failures are left for later). */
export function usePreloadWhenIdle(...parts: ReadonlyArray<{ preload(): Promise<unknown> }>): void {
  useEffect(() => {
    const load = () => parts.forEach((part) => void part.preload().catch(() => undefined));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: 2_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(load, 200);
    return () => window.clearTimeout(handle);
    // The parts are module constants: loading them once per mount is enough.
  }, []);
}
