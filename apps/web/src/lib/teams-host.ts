import { useSyncExternalStore } from 'react';

/*
 * Whether Rally runs as a tab inside Microsoft Teams (or another Microsoft 365 host), found once at
 * start (spec §1, issue 24). Only a framed page can be a tab, so outside a frame nothing is loaded
 * and the answer is known at once; in a frame the SDK (@microsoft/teams-js, a chunk of its own:
 * the sign-in screens' budget has no room for it) gets a short time to hear from its host.
 */

/** The host's theme (the SDK's `app.theme`): Rally follows it with its MUI theme. */
export type HostTheme = 'default' | 'dark' | 'contrast';

export interface TeamsHostState {
  /** Detection is over (at once outside a frame). */
  settled: boolean;
  /** A Teams or Microsoft 365 host answered: Rally is its tab. */
  inHost: boolean;
  /**
   * Where the host shows the page (the SDK's FrameContexts): 'content' a tab, 'settings' the
   * tab's configure page, also 'sidePanel', 'meetingStage', 'task', 'remove'…
   */
  frameContext: string | null;
  /** The chat client the host is (HostClientType: 'web', 'desktop', 'android', …). */
  clientType: string | null;
  theme: HostTheme;
}

const OUTSIDE: TeamsHostState = {
  settled: true,
  inHost: false,
  frameContext: null,
  clientType: null,
  theme: 'default',
};
const PENDING: TeamsHostState = { ...OUTSIDE, settled: false };

/** How long a framed page waits for a host before it is the normal app. */
export const HOST_TIMEOUT_MS = 2000;

/** Only a framed page can be a tab (the build's prerender, in Node, has no window: outside). */
const framed = () => typeof window !== 'undefined' && window.parent !== window;

let state: TeamsHostState = framed() ? PENDING : OUTSIDE;
const listeners = new Set<() => void>();

function update(next: Partial<TeamsHostState>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

const loadTeamsSdk = () => import('./teams-sdk');

const hostTheme = (theme: string | undefined): HostTheme =>
  theme === 'dark' || theme === 'contrast' ? theme : 'default';

async function connect(): Promise<TeamsHostState> {
  const sdk = await loadTeamsSdk();
  const found = await sdk.connectToHost((theme) => update({ theme: hostTheme(theme) }));
  return { settled: true, inHost: true, ...found, theme: hostTheme(found.theme) };
}

let detection: Promise<TeamsHostState> | null = null;

/**
 * Finds the host, once: answers at once outside a frame (without loading the SDK), else when the
 * host answered or `timeoutMs` passed without an answer (a page framed by someone else: the
 * normal app).
 */
export function detectTeamsHost(timeoutMs = HOST_TIMEOUT_MS): Promise<TeamsHostState> {
  if (detection) return detection;
  if (!framed()) {
    detection = Promise.resolve(state);
    return detection;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<TeamsHostState>((resolve) => {
    timer = setTimeout(() => resolve(OUTSIDE), timeoutMs);
  });
  detection = Promise.race([connect().catch(() => OUTSIDE), timeout]).then((found) => {
    clearTimeout(timer);
    update(found);
    return state;
  });
  return detection;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;
// Prerendered screens are rendered as outside any host (a tab renders afresh: main.tsx).
const serverSnapshot = () => OUTSIDE;

/** The host Rally runs in (see `TeamsHostState`); updates as detection ends and the theme changes. */
export const useTeamsHost = (): TeamsHostState => useSyncExternalStore(subscribe, snapshot, serverSnapshot);

/** The current answer, outside React. */
export const teamsHost = (): TeamsHostState => state;
