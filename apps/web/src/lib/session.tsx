import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { Endpoints } from '@rally/contract';
import { call } from './api-client';
import { unsubscribePush } from './push-subscription';
import { sessionStore, type StoredSession } from './session-storage';

const noSession = () => null;

/**
 * The signed-in user and token, or null for a guest. Rendered on the server (the prerendered guest
 * screens, ADR 0011) and while hydrating one, it is a guest: the page of a signed-in visitor is
 * rendered afresh, never hydrated (app/mount.tsx).
 */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, noSession);
}

/**
 * Signs out: the logout call, then this browser's push subscription is dropped, then local storage
 * and cached server state are cleared (spec §4).
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await call(Endpoints.logout);
    } catch {
      // The token may already be revoked; signing out locally is what matters.
    }
    await unsubscribePush();
    sessionStore.clear();
    queryClient.clear();
  }, [queryClient]);
}
