import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Realtime, RealtimeClose, type TeamEvent } from '@rally/contract';
import { FakeSocket as BaseFakeSocket } from '../test/fake-socket';
import { Backoff, RealtimeClient, backoffDelay, realtimeUrl, type RealtimeDeps } from './realtime';

/** The gateway's socket as the test drives it, with its `ready`. */
class FakeSocket extends BaseFakeSocket {
  ready(teamIds: number[] = [1]): void {
    this.open();
    this.receive({ type: 'ready', team_ids: teamIds });
  }
}

const event: TeamEvent = { type: 'post.deleted', team_id: 1, post_id: 7 };

function setUp(overrides: Partial<RealtimeDeps> = {}) {
  const sockets: FakeSocket[] = [];
  let token: string | null = 'token-one';
  const tokenListeners = new Set<() => void>();
  const onlineListeners = new Set<() => void>();
  const verifySession = vi.fn(async () => true);
  const client = new RealtimeClient({
    url: () => 'ws://rally.test/api/realtime',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    token: () => token,
    watchToken: (l) => {
      tokenListeners.add(l);
      return () => tokenListeners.delete(l);
    },
    watchOnline: (l) => {
      onlineListeners.add(l);
      return () => onlineListeners.delete(l);
    },
    verifySession,
    random: () => 0.5,
    ...overrides,
  });
  return {
    client,
    sockets,
    last: () => sockets[sockets.length - 1]!,
    verifySession,
    setToken: (value: string | null) => {
      token = value;
      tokenListeners.forEach((l) => l());
    },
    goOnline: () => onlineListeners.forEach((l) => l()),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 0.25–0.5 s up to a 30 s ceiling, jittered within the upper half', () => {
    expect(backoffDelay(0, () => 0)).toBe(Backoff.firstMs / 2);
    expect(backoffDelay(0, () => 1)).toBe(Backoff.firstMs);
    expect(backoffDelay(1, () => 1)).toBe(Backoff.firstMs * 2);
    expect(backoffDelay(3, () => 0.5)).toBe(Backoff.firstMs * 8 * 0.75);
    for (const attempt of [6, 10, 50, 1000]) {
      expect(backoffDelay(attempt, () => 1)).toBe(Backoff.maxMs);
      expect(backoffDelay(attempt, () => 0)).toBe(Backoff.maxMs / 2);
    }
  });

  it('spreads clients apart: different random draws give different waits', () => {
    const waits = new Set([0.1, 0.4, 0.7, 0.95].map((r) => backoffDelay(4, () => r)));
    expect(waits.size).toBe(4);
  });
});

describe('RealtimeClient', () => {
  it('connects when someone listens, sends the token as its first message, and passes events on', () => {
    const { client, sockets, last } = setUp();
    expect(sockets).toHaveLength(0);
    const handler = vi.fn();
    client.subscribe(handler);
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://rally.test/api/realtime');
    last().ready();
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'token-one' });
    expect(client.state).toBe('ready');
    last().receive(event);
    expect(handler).toHaveBeenCalledWith(event);
  });

  it('shares one socket between listeners', () => {
    const { client, sockets, last } = setUp();
    const [a, b] = [vi.fn(), vi.fn()];
    client.subscribe(a);
    client.subscribe(b);
    expect(sockets).toHaveLength(1);
    last().ready();
    last().receive(event);
    expect(a).toHaveBeenCalledWith(event);
    expect(b).toHaveBeenCalledWith(event);
  });

  it('reconnects with growing, capped back-off, and resets it once connected again', () => {
    const { client, sockets, last } = setUp();
    client.subscribe(vi.fn());
    last().ready();
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      last().drop();
      const before = sockets.length;
      const wait = backoffDelay(i, () => 0.5);
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(before); // not a moment early
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(before + 1);
      waits.push(wait);
    }
    expect(waits).toEqual([375, 750, 1500, 3000, 6000, 12_000, 22_500, 22_500, 22_500]);

    last().ready(); // connected again: the next drop starts from the shortest wait
    last().drop();
    vi.advanceTimersByTime(backoffDelay(0, () => 0.5));
    expect(sockets).toHaveLength(11);
  });

  it('calls onReconnect after a reconnect (not after the first connection) so screens catch up', () => {
    const { client, last } = setUp();
    const onReconnect = vi.fn();
    client.subscribe(vi.fn(), onReconnect);
    last().ready();
    expect(onReconnect).not.toHaveBeenCalled();
    last().drop();
    vi.advanceTimersByTime(Backoff.firstMs);
    expect(onReconnect).not.toHaveBeenCalled(); // not before the server says ready
    last().ready();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('closes on sign-out and does not come back; a new sign-in starts afresh', () => {
    const { client, sockets, last, setToken } = setUp();
    const onReconnect = vi.fn();
    client.subscribe(vi.fn(), onReconnect);
    last().ready();
    const first = last();
    setToken(null);
    expect(first.closedWith).toBe(1000);
    expect(client.state).toBe('stopped');
    vi.advanceTimersByTime(5 * 60_000);
    expect(sockets).toHaveLength(1);

    setToken('token-two');
    expect(sockets).toHaveLength(2);
    last().ready();
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'token-two' });
    expect(onReconnect).not.toHaveBeenCalled(); // a new session, not a reconnect
  });

  it('switches sockets when another user signs in (another tab)', () => {
    const { client, sockets, last, setToken } = setUp();
    client.subscribe(vi.fn());
    last().ready();
    setToken('token-two');
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'token-two' });
  });

  it('after 4401 asks the API; a session that ended is never retried', async () => {
    const { client, sockets, last, verifySession } = setUp();
    verifySession.mockResolvedValue(false);
    client.subscribe(vi.fn());
    last().ready();
    last().drop(RealtimeClose.unauthenticated);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(verifySession).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(client.state).toBe('stopped');
  });

  it('after 4401 with a session that stands (an auth timeout), reconnects with back-off', async () => {
    const { client, sockets, last } = setUp();
    client.subscribe(vi.fn());
    last().open();
    last().drop(RealtimeClose.unauthenticated);
    await vi.advanceTimersByTimeAsync(Backoff.firstMs);
    expect(sockets).toHaveLength(2);
  });

  it('pings, and reconnects when no pong comes back', () => {
    const { client, sockets, last } = setUp();
    client.subscribe(vi.fn());
    last().ready();
    const first = last();
    vi.advanceTimersByTime(Realtime.pingIntervalMs);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    first.receive({ type: 'pong' });
    vi.advanceTimersByTime(Realtime.pingIntervalMs); // second ping, no answer this time
    vi.advanceTimersByTime(Realtime.pongTimeoutMs);
    expect(first.closedWith).toBe(4000);
    vi.advanceTimersByTime(Backoff.firstMs);
    expect(sockets).toHaveLength(2);
    first.drop(); // the dead socket's late close changes nothing
    expect(sockets).toHaveLength(2);
  });

  it('reconnects at once when the browser comes back online', () => {
    const { client, sockets, last, goOnline } = setUp();
    client.subscribe(vi.fn());
    last().ready();
    for (let i = 0; i < 5; i++) {
      last().drop();
      vi.advanceTimersByTime(backoffDelay(i, () => 0.5));
    }
    last().drop();
    expect(sockets).toHaveLength(6);
    goOnline();
    expect(sockets).toHaveLength(7);
  });

  it('closes shortly after the last listener leaves, and keeps the socket for a quick re-listen', () => {
    const { client, sockets, last } = setUp();
    const stop = client.subscribe(vi.fn());
    last().ready();
    stop();
    vi.advanceTimersByTime(Backoff.lingerMs - 1);
    const again = client.subscribe(vi.fn()); // the next screen
    vi.advanceTimersByTime(Backoff.lingerMs);
    expect(sockets).toHaveLength(1);
    expect(last().closedWith).toBeUndefined();
    again();
    vi.advanceTimersByTime(Backoff.lingerMs);
    expect(last().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('does not connect while signed out', () => {
    const { client, sockets, setToken } = setUp();
    setToken(null);
    client.subscribe(vi.fn());
    expect(sockets).toHaveLength(0);
  });

  it('keeps other listeners going when one throws', () => {
    const { client, last } = setUp();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ok = vi.fn();
    client.subscribe(() => {
      throw new Error('boom');
    });
    client.subscribe(ok);
    last().ready();
    last().receive(event);
    expect(ok).toHaveBeenCalledWith(event);
    spy.mockRestore();
  });
});

describe('realtimeUrl', () => {
  it('follows the page: wss on https, ws on http, same host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'rally.example:8443' } as Location)).toBe(
      'wss://rally.example:8443/api/realtime',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' } as Location)).toBe(
      'ws://localhost:5173/api/realtime',
    );
  });
});
