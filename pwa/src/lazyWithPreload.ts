/**
 * React.lazy with a `preload()`: once preloaded, the component renders at once instead of
 * suspending. Hydrating prerendered HTML needs that: a screen that suspended while hydrating would
 * stay as the server's HTML until its code arrived, and any update reaching it meanwhile would make
 * React throw that HTML away (a recoverable hydration error).
 */
import { lazy, type ComponentType } from 'react';

export type PreloadableComponent<P> = ComponentType<P> & { preload(): Promise<void> };

export function lazyWithPreload<P>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then((module) => (loaded = module));
    return loading;
  };
  // React.lazy reads a thenable that calls back synchronously as already resolved, so a preloaded
  // module never suspends (React's lazy resolves in the `then` call itself).
  const Component = lazy(() =>
    loaded ? ({ then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve(loaded!) } as Promise<{ default: ComponentType<P> }>) : start(),
  );
  return Object.assign(Component, { preload: () => start().then(() => undefined) }) as unknown as PreloadableComponent<P>;
}
