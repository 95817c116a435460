import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_VERSION, EARLY_READS_KEY, Endpoints, SIGNED_IN_BOOT_SCRIPT } from '@rally/contract';
import { getSubscription } from '../features/billing/api/get-subscription';
import { getPendingInvitations } from '../features/invitations/api/get-pending-invitations';
import { getMembers } from '../features/members/api/get-members';
import { getTimeline } from '../features/posts/api/get-feed';
import { getDeletedTeams } from '../features/teams/api/deleted-teams';
import { getTeam, getTeamProfile, getTeams } from '../features/teams/api/get-teams';
import { call, setUnauthorizedHandler, type ApiError } from '../lib/api-client';
import { EARLY_READS_FRESH_MS, dropEarlyReadsLater } from '../lib/early-reads';
import { sessionStore } from '../lib/session-storage';
import { recordCalls, server, testUser } from '../test/server';

/*
 * index.html's signed-in boot script (SIGNED_IN_BOOT_SCRIPT, ADR 0035) starts a page's API reads
 * before the app's code has loaded; the client (`call`, lib/early-reads.ts) takes each answer once
 * instead of asking again. The script runs here as a browser runs it, as the page's current
 * <script>; the reads are the app's own (the features' query functions), as its screens make them.
 */

const TEAM = 2;
const onUnauthorized = vi.fn();

/** Every GET of the API answers its own path and query, so a test sees which request an answer is. */
const echo = () =>
  server.use(
    http.get('*/api/*', ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json({ data: [{ path: url.pathname + url.search }] });
    }),
  );

/** Runs the boot script at `path`, as the current script of the page with these data attributes. */
function boot(path: string, data: Record<string, string> = {}) {
  window.history.replaceState(null, '', path);
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(data)) script.setAttribute(`data-${name}`, value);
  document.head.append(script);
  const current = vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own inline script, as a browser runs it
    new Function(SIGNED_IN_BOOT_SCRIPT)();
  } finally {
    current.mockRestore();
  }
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

/** Waits until the early reads have reached the server (they are started, not awaited, by the script). */
async function started(calls: { path: string }[], count: number) {
  await vi.waitFor(() => expect(calls).toHaveLength(count));
}

beforeEach(() => {
  onUnauthorized.mockReset();
  setUnauthorizedHandler(onUnauthorized);
  echo();
});

afterEach(() => {
  setUnauthorizedHandler(() => undefined);
  delete (window as { [EARLY_READS_KEY]?: unknown })[EARLY_READS_KEY];
  document.head.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('the signed-in boot script', () => {
  it("starts a team timeline's reads with the client's headers, and preloads its chunks", async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    const calls = recordCalls();

    boot(`/engagements/${TEAM}/timeline`, { timeline: '/assets/a.js /assets/b.js', teams: '/assets/c.js' });

    expect(preloads()).toEqual(['/assets/a.js', '/assets/b.js']);
    await started(calls, 8);
    expect(calls.map((c) => c.path).sort()).toEqual(
      [
        '/api/buzzes',
        '/api/user/subscription',
        '/api/user/notifications/recent-notifications-count',
        `/api/user/team/${TEAM}/members`,
        `/api/user/team/${TEAM}/profile`,
        `/api/user/team/${TEAM}/timeline?page=1&per_page=10`,
        '/api/user/teams',
        `/api/user/teams?team_id=${TEAM}`,
      ].sort(),
    );
    for (const c of calls) {
      expect(c.headers.get('authorization')).toBe('Bearer tok-abc');
      expect(c.headers.get('accept-version')).toBe(API_VERSION);
      expect(c.headers.get('accept')).toBe('application/json');
    }
  });

  it('starts the engagements list’s reads at / and /engagements, the same under /teams/{id}', async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    const calls = recordCalls();
    boot('/engagements', { teams: '/assets/c.js' });
    await started(calls, 5);
    expect(preloads()).toEqual(['/assets/c.js']);
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/api/user/notifications/recent-notifications-count',
      '/api/user/subscription',
      '/api/user/team/invitations/pending?page=1',
      '/api/user/teams',
      '/api/user/teams/deleted',
    ]);

    boot('/', {});
    await started(calls, 10);
    boot(`/teams/${TEAM}`, {});
    await started(calls, 18);
    expect(calls.slice(10).map((c) => c.path)).toContain(`/api/user/team/${TEAM}/timeline?page=1&per_page=10`);
  });

  it('reads nothing for a guest, and preloads the sign-in screen instead', async () => {
    const calls = recordCalls();
    boot('/engagements', { guest: '/assets/login.js', teams: '/assets/c.js' });
    expect(preloads()).toEqual(['/assets/login.js']);
    expect((window as { [EARLY_READS_KEY]?: unknown })[EARLY_READS_KEY]).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
  });

  it('reads nothing on a page it does not know (another screen, another feed)', async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    const calls = recordCalls();
    for (const path of ['/profile', `/engagements/${TEAM}/wall-of-fame`, '/engagements/x/timeline', '/login'])
      boot(path, { teams: '/assets/c.js', timeline: '/assets/a.js' });
    expect(preloads()).toEqual([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
  });
});

describe('call() takes an early read', () => {
  it("answers the page's first calls with the early reads: not one request twice", async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    const calls = recordCalls();
    boot(`/engagements/${TEAM}/timeline`);
    await started(calls, 8);

    // The app's own reads of a team's timeline, as its screens make them.
    const answers = await Promise.all([
      getTeam(TEAM),
      getTimeline(TEAM, 1),
      getMembers(TEAM),
      call(Endpoints.buzzes),
      getTeams(),
      getSubscription(),
      getTeamProfile(TEAM),
      call(Endpoints.recentNotificationsCount),
    ]);

    expect(calls).toHaveLength(8);
    expect(answers[0]).toEqual({ path: `/api/user/teams?team_id=${TEAM}` });
    expect(answers[1].data).toEqual([{ path: `/api/user/team/${TEAM}/timeline?page=1&per_page=10` }]);
  });

  it("matches the engagements list's reads as the client writes them", async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    const calls = recordCalls();
    boot('/engagements');
    await started(calls, 5);

    await Promise.all([
      getTeams(),
      getDeletedTeams(),
      getPendingInvitations(1),
      getSubscription(),
      call(Endpoints.recentNotificationsCount),
    ]);

    expect(calls).toHaveLength(5);
  });

  it('takes each read once: the next call of the same URL asks the server', async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    const calls = recordCalls();
    boot('/engagements');
    await started(calls, 5);

    await getTeams();
    await getTeams();

    expect(calls.filter((c) => c.path === '/api/user/teams')).toHaveLength(2);
  });

  it('drops the reads left untaken once the app has started: a later screen asks the server', async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    const calls = recordCalls();
    boot(`/engagements/${TEAM}/timeline`);
    await started(calls, 8);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      dropEarlyReadsLater();
      vi.advanceTimersByTime(EARLY_READS_FRESH_MS - 1);
      await getTeams();
      expect(calls.filter((c) => c.path === '/api/user/teams')).toHaveLength(1);

      vi.advanceTimersByTime(1);
      await getTeamProfile(TEAM);
      expect(calls.filter((c) => c.path === `/api/user/team/${TEAM}/profile`)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again itself when the early read failed, and answers with that', async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    // The first answer of each: a 500 for the teams, no answer at all for the deleted ones.
    let teams = 0;
    let deleted = 0;
    server.use(
      http.get('*/api/user/teams', () =>
        ++teams === 1 ? HttpResponse.json({ message: 'Boom.' }, { status: 500 }) : HttpResponse.json({ data: [] }),
      ),
      http.get('*/api/user/teams/deleted', () =>
        ++deleted === 1 ? HttpResponse.error() : HttpResponse.json({ data: [] }),
      ),
    );
    const calls = recordCalls();
    boot('/engagements');
    await started(calls, 5);

    await expect(getTeams()).resolves.toEqual([]);
    await expect(getDeletedTeams()).resolves.toEqual([]);

    expect(calls.filter((c) => c.path === '/api/user/teams')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/api/user/teams/deleted')).toHaveLength(2);
  });

  it('handles a 401 of an early read as any 401: asked again, then the session ends', async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    server.use(http.get('*/api/user/teams', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    const calls = recordCalls();
    boot('/engagements');
    await started(calls, 5);

    await expect(getTeams()).rejects.toMatchObject({ status: 401 } satisfies Partial<ApiError>);

    expect(calls.filter((c) => c.path === '/api/user/teams')).toHaveLength(2);
    expect(sessionStore.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('never gives one session’s early read to another, nor to a write', async () => {
    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    const calls = recordCalls();
    server.use(http.post('*/api/user/teams', () => HttpResponse.json({ data: [] })));
    boot('/engagements');
    await started(calls, 5);

    sessionStore.signIn({ ...testUser, id: 8, token: 'tok-other' });
    await getTeams();
    expect(calls.filter((c) => c.path === '/api/user/teams').map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer tok-abc',
      'Bearer tok-other',
    ]);

    sessionStore.signIn({ ...testUser, token: 'tok-abc' });
    await call({ ...Endpoints.teams, method: 'POST' } as unknown as typeof Endpoints.teams);
    expect(calls.filter((c) => c.path === '/api/user/teams').map((c) => c.method)).toEqual(['GET', 'GET', 'POST']);
  });
});
