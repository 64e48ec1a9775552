import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };
/** A promise as React reads a settled one (its `status` and `value`), so a render never waits on it. */
type Tracked<P> = Promise<Module<P>> & { status?: 'fulfilled'; value?: Module<P> };

export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * A lazy component whose code a route's loader can start fetching with the page's data
 * (`preload()`), so the two arrive together. The import is made once; once it has settled it is
 * marked as React marks the promises it tracks, so the first render uses the module at once
 * instead of showing its fallback for a frame.
 */
export function preloadable<P>(load: () => Promise<Module<P>>): Preloadable<P> {
  let loading: Tracked<P> | undefined;
  const once = (): Tracked<P> =>
    (loading ??= load().then((module) => {
      loading!.status = 'fulfilled';
      loading!.value = module;
      return module;
    }));
  return Object.assign(lazy(once), { preload: once });
}
