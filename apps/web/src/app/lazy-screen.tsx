import { lazy, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A screen whose code is downloaded on first use (its own chunk), with a way to start that early. */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts the download (once; later calls answer the same promise). */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` over a named export, plus `preload`. Once the code is there the screen renders
 * straight away, without suspending: main.tsx preloads the first screen before the first render,
 * so it is drawn in one pass (React.lazy would suspend once even then, and React waits up to
 * 300 ms before revealing content that replaces a fallback).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then((Component) => {
      loaded = Component;
      return { default: Component };
    }));
  const Lazy = lazy(preload);
  function Screen(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}

/** What a route of a lazy screen keeps in its `handle`, so its download can start before it renders. */
export interface ScreenHandle {
  preload: () => Promise<unknown>;
}

const isScreenHandle = (handle: unknown): handle is ScreenHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as Partial<ScreenHandle>).preload === 'function';

/**
 * Starts the download of every lazy screen that `routes` match at `pathname`, all at once, and
 * answers when they are all there. Without it nested screens (frame → layout → page) would load
 * one after another, each only once its parent has rendered. `preload` is idempotent, so calling
 * this again costs nothing.
 */
export function preloadMatchedScreens(routes: RouteObject[], pathname: string): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? [])
    if (isScreenHandle(route.handle)) loads.push(route.handle.preload());
  return Promise.all(loads);
}
