import type { AuthUserDto, UserDto } from '@rally/contract';
import { local as localStorage } from './web-storage';

/** What the browser keeps between visits (spec §4: user and token stored locally). */
const KEYS = { token: 'rally.token', user: 'rally.user', pending: 'rally.pendingVerification' } as const;

export interface StoredSession {
  token: string;
  user: UserDto;
}

export interface PendingVerification {
  email: string;
  /** When the last code was sent (ms since epoch); the Resend countdown runs from it. */
  sentAt: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

let cached: { token: string | null; user: string | null; value: StoredSession | null } = {
  token: null,
  user: null,
  value: null,
};

export const sessionStore = {
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || Object.values(KEYS).includes(e.key as (typeof KEYS)[keyof typeof KEYS])) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
  /** A stable snapshot for useSyncExternalStore. */
  get: (): StoredSession | null => {
    const token = localStorage.getItem(KEYS.token);
    const user = localStorage.getItem(KEYS.user);
    if (token !== cached.token || user !== cached.user) {
      const parsed = readJson<UserDto>(KEYS.user);
      cached = { token, user, value: token && parsed ? { token, user: parsed } : null };
    }
    return cached.value;
  },
  token: () => localStorage.getItem(KEYS.token),
  signIn: (user: AuthUserDto) => {
    const { token, ...rest } = user;
    localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.user, JSON.stringify(rest));
    localStorage.removeItem(KEYS.pending);
    emit();
  },
  updateUser: (user: UserDto) => {
    localStorage.setItem(KEYS.user, JSON.stringify(user));
    emit();
  },
  /** Spec §4: sign-out and any 401 clear local storage. */
  clear: () => {
    localStorage.clear();
    emit();
  },
  pending: (): PendingVerification | null => readJson<PendingVerification>(KEYS.pending),
  setPending: (email: string, sentAt = Date.now()) => {
    localStorage.setItem(KEYS.pending, JSON.stringify({ email, sentAt } satisfies PendingVerification));
  },
};
