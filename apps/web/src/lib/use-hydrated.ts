import { useSyncExternalStore } from 'react';

// Hydration ends once; there is nothing to subscribe to.
const noChanges = () => () => {};

/**
 * False on the server and while React hydrates a prerendered screen (ADR 0011), true from then on
 * and in every render that is not a hydration. For markup that must match the prerendered HTML
 * on its first client render and differ afterwards.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
