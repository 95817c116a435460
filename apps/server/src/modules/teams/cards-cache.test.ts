import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TeamDto } from '@rally/contract';
import { openDatabase } from '../../db/database.js';
import { TableVersion } from '../../db/table-version.js';
import { buildSecondProcess, type TestApp, testDatabaseUrl, useTestApp } from '../../test/app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { createTeam, PNG_1X1, postTeamAvatar, seatMembers, setPlan } from '../../test/teams.js';
import { TEAM_CARD_TABLES, TeamCardsCache } from './cards-cache.js';
import type { TeamView } from './repository.js';

/*
 * The team cards cache (ADR 0018): a viewer's second read of `user/teams` asks the database
 * nothing, and every kind of write to what a card shows is on the next read — written through
 * the API, straight to the database, or by another app process on the same database. The count
 * is the list's own (the session lookup left out): 0 from the cache, 1 read afresh.
 */

const secret = randomBytes(32).toString('hex');
const t = useTestApp({ APP_SECRET: secret });

let coach: SignedUpUser;
let mina: SignedUpUser;
let team: TeamDto;

beforeAll(async () => {
  [coach, mina] = (await Promise.all(
    ['Cora', 'Mina'].map((first_name) => buildUser(t, { first_name, last_name: 'Cards' })),
  )) as [SignedUpUser, SignedUpUser];
  team = await createTeam(t, coach, 'Cards Team');
});

async function read(app: TestApp, viewer: SignedUpUser, query = '') {
  expect((await app.api('GET', 'user/profile', undefined, viewer.token)).statusCode).toBe(200);
  const { result, queries } = await app.queriesOf(() => app.api('GET', `user/teams${query}`, undefined, viewer.token));
  expect(result.statusCode, result.body).toBe(200);
  // The session's own lookup is not counted: with Redis, a user's eviction also comes back
  // through the channel a moment later and may drop the session the profile call just kept.
  const cardQueries = queries.filter((q) => !q.includes('"auth_tokens"'));
  return { teams: result.json<{ data: TeamDto[] }>().data, queries: cardQueries.length };
}

/**
 * Reads until the viewer's cards come from the cache. On PostgreSQL a write's own notification
 * arrives a moment after its commit and moves the version once more, so a read just before it
 * may fill the cache for nothing: the next one, 20 ms later, is the hit.
 */
async function cached(app: TestApp, viewer: SignedUpUser) {
  let hit: Awaited<ReturnType<typeof read>> | undefined;
  await vi.waitFor(
    async () => {
      hit = await read(app, viewer);
      expect(hit.queries).toBe(0);
    },
    { timeout: 2_000, interval: 20 },
  );
  return hit!;
}

/** Warms the viewer's cards; their card of `team`. */
const warm = async (app: TestApp, viewer: SignedUpUser) =>
  (await cached(app, viewer)).teams.find((x) => x.id === team.id);

const cardOf = async (app: TestApp, viewer: SignedUpUser) =>
  (await read(app, viewer)).teams.find((x) => x.id === team.id);

describe('GET user/teams from the cache', () => {
  it('a repeated read asks nothing; team_id picks from the kept cards', async () => {
    t.app.teamCards.clear();
    const first = await read(t, coach);
    expect(first.queries).toBe(1);
    const again = await cached(t, coach);
    expect(again.teams).toEqual(first.teams);
    const one = await read(t, coach, `?team_id=${team.id}`);
    expect(one.queries).toBe(0);
    expect(one.teams.map((x) => x.id)).toEqual([team.id]);
    expect((await read(t, coach, '?team_id=99999999')).teams).toEqual([]);
  });

  it('the cards are read from the card tables only (the ones whose changes are heard)', async () => {
    t.app.teamCards.clear();
    const { queries } = await t.queriesOf(() => t.api('GET', 'user/teams', undefined, coach.token));
    const [list] = queries.filter((q) => q.includes('"teams"'));
    const read = new Set([...list!.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(3);
    for (const table of read) expect(TEAM_CARD_TABLES as readonly string[]).toContain(table);
  });

  it('every kind of write to what a card shows is on the next read', async () => {
    const api = async (method: 'POST' | 'DELETE', url: string, body: object | undefined, who = coach) => {
      const res = await t.api(method, url, body, who.token);
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    const steps: [string, () => Promise<unknown>, (card: TeamDto | undefined) => void][] = [
      [
        'team name',
        () => api('POST', `user/team/${team.id}/profile`, { name: 'Cards Renamed' }),
        (c) => expect(c!.name).toBe('Cards Renamed'),
      ],
      [
        'team picture',
        async () => expect((await postTeamAvatar(t, team.id, coach.token, PNG_1X1)).statusCode).toBe(200),
        (c) => expect(c!.avatar).toMatch(/^\/files\/teams\//),
      ],
      [
        'level of engagement',
        () => api('POST', `user/team/${team.id}/level-of-engagement`, { level_of_engagement_id: 3 }),
        (c) => expect(c!.profile.level_of_engagement.id).toBe(3),
      ],
      [
        'a member seated',
        () => seatMembers(t, team.id, [{ user: mina, role: 4 }]),
        (c) => {
          expect(c!.users_count).toBe(2);
          expect(c!.users.map((u) => u.id)).toContain(mina.id);
        },
      ],
      [
        'a role changed',
        () => api('POST', `user/team/${team.id}/change-user-role`, { user_id: mina.id, role_id: 3 }),
        (c) => expect(c!.users.find((u) => u.id === mina.id)!.role_id).toBe(3),
      ],
      [
        'a member renamed',
        () => api('POST', 'user/profile/bio', { first_name: 'Minerva', last_name: 'Cards', email: mina.email }, mina),
        (c) => expect(c!.users.find((u) => u.id === mina.id)!.full_name).toBe('Minerva Cards'),
      ],
      [
        'the owner renamed',
        () => api('POST', 'user/profile/bio', { first_name: 'Coralie', last_name: 'Cards', email: coach.email }),
        (c) => expect(c!.manager.full_name).toBe('Coralie Cards'),
      ],
      [
        'the welcome message read',
        () => api('POST', `user/team/${team.id}/read-welcome-message`, { is_read: true }),
        (c) => expect(c!.read_welcome_message).toBe(true),
      ],
      [
        'a topic published',
        () => api('POST', `user/team/${team.id}/topic`, { content: 'What made today good?' }),
        (c) => expect(c!.latest_topic).toEqual({ content: 'What made today good?' }),
      ],
      [
        'the owner’s plan lapsed (straight to the database)',
        () => setPlan(t, coach.id, 'Free', 'canceled'),
        (c) => expect(c!.status).toBe('inactive'),
      ],
      [
        'the owner’s plan back',
        () => setPlan(t, coach.id, 'Premium', 'active'),
        (c) => expect(c!.status).toBe('active'),
      ],
      [
        'a member removed',
        () => api('DELETE', `user/team/${team.id}/member/${mina.id}`, undefined),
        (c) => expect(c!.users_count).toBe(1),
      ],
    ];
    for (const [what, write, check] of steps) {
      await warm(t, coach);
      await write();
      const fresh = await read(t, coach);
      expect(fresh.queries, what).toBe(1);
      check(fresh.teams.find((x) => x.id === team.id));
    }
    // The removed member's list no longer has the team; a new team is listed; a deleted one is gone.
    await warm(t, mina);
    expect(await cardOf(t, mina)).toBeUndefined();
    await warm(t, coach);
    const extra = await createTeam(t, coach, 'Cards Extra');
    expect((await read(t, coach)).teams.map((x) => x.id)).toContain(extra.id);
    await warm(t, coach);
    await api('DELETE', `user/team/${extra.id}`, undefined);
    expect((await read(t, coach)).teams.map((x) => x.id)).not.toContain(extra.id);
  });

  // SQLite runs one transaction at a time on its one connection: no read can come in between.
  it.runIf(testDatabaseUrl)('a write inside a transaction is seen once it commits, not before', async () => {
    await warm(t, coach);
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('teams').set({ name: 'Cards In Tx' }).where('id', '=', team.id).execute();
      // Uncommitted: the kept cards still serve (and a read now must not keep anything newer).
      const during = await read(t, coach);
      expect(during.teams.find((x) => x.id === team.id)!.name).not.toBe('Cards In Tx');
    });
    expect((await cardOf(t, coach))!.name).toBe('Cards In Tx');
  });

  it('a trial that ends while the cards are kept shows inactive on the next read', async () => {
    const owner = await buildUser(t);
    await createTeam(t, owner, 'Cards Trial');
    const ends = Date.now() + 5_000;
    await t.db.kysely
      .updateTable('subscriptions')
      .set({ plan: 'Premium', stripe_status: 'trialing', trial_ends_at: new Date(ends).toISOString() })
      .where('user_id', '=', owner.id)
      .execute();
    expect((await cached(t, owner)).teams[0]!.status).toBe('active');
    vi.useFakeTimers({ toFake: ['Date'], now: ends + 1_000 });
    try {
      const later = await read(t, owner);
      expect(later.queries).toBe(0);
      expect(later.teams[0]!.status).toBe('inactive');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('two app processes on one database', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await buildSecondProcess(t, { APP_SECRET: secret });
  });
  afterAll(() => other?.close());

  it('a write through either is on the next read of the other', async () => {
    await warm(other, coach);
    const res = await t.api('POST', `user/team/${team.id}/profile`, { name: 'Cards Elsewhere' }, coach.token);
    expect(res.statusCode, res.body).toBe(200);
    // SQLite: the other connection's commit shows in data_version at once. PostgreSQL: the
    // trigger's notification reaches the other process's listener a moment after the commit.
    await vi.waitFor(async () => expect((await cardOf(other, coach))!.name).toBe('Cards Elsewhere'), {
      timeout: 2_000,
    });
    await warm(t, coach);
    await other.db.kysely.updateTable('users').set({ first_name: 'Corinna' }).where('id', '=', coach.id).execute();
    await vi.waitFor(async () => expect((await cardOf(t, coach))!.manager.full_name).toBe('Corinna Cards'), {
      timeout: 2_000,
    });
  });
});

describe.runIf(testDatabaseUrl)('the PostgreSQL listener', () => {
  const log = () => t.app.log;

  it('every card table announces its changes', async () => {
    const { rows } = await sql<{ table: string }>`select event_object_table as table from information_schema.triggers
      where trigger_schema = ${t.pgSchema} and trigger_name like '%announce'`.execute(t.db.kysely);
    expect(new Set(rows.map((r) => r.table))).toEqual(new Set(TEAM_CARD_TABLES));
  });

  it('while it is down nothing is kept, and what was kept before is not served after', async () => {
    const version = new TableVersion(t.db, new Set(TEAM_CARD_TABLES), log(), { reconnectMs: 50 });
    const cache = new TeamCardsCache(version, 60_000);
    const read = vi.fn(async () => [] as TeamView[]);
    try {
      expect(version.current()).toBeUndefined(); // not listening yet
      await version.start();
      await cache.cardsOf(1, read);
      await cache.cardsOf(1, read);
      expect(read).toHaveBeenCalledTimes(1);
      await sql`select pg_terminate_backend(${version.listenerPid})`.execute(t.db.kysely);
      await vi.waitFor(() => expect(version.current()).toBeUndefined(), { timeout: 2_000 });
      await cache.cardsOf(1, read);
      await cache.cardsOf(1, read);
      expect(read).toHaveBeenCalledTimes(3);
      // Back by itself; the cards kept before the loss are read afresh.
      await vi.waitFor(() => expect(version.current()).toBeDefined(), { timeout: 5_000 });
      await cache.cardsOf(1, read);
      expect(read).toHaveBeenCalledTimes(4);
    } finally {
      await version.close();
    }
  });

  it('a heartbeat not heard back counts as down (a connection dropped without a word)', async () => {
    // Pings sent through a pool that cannot reach the database (nothing listens on port 1) are never heard.
    const dead = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/test', sqliteFile: '' });
    const version = new TableVersion({ ...t.db, kysely: dead.kysely }, new Set(TEAM_CARD_TABLES), log(), {
      heartbeatMs: 50,
      reconnectMs: 10_000,
    });
    try {
      await version.start();
      expect(version.current()).toBeDefined();
      await vi.waitFor(() => expect(version.current()).toBeUndefined(), { timeout: 2_000 });
    } finally {
      await version.close();
      await dead.kysely.destroy();
    }
  });

  it('heard heartbeats keep it up', async () => {
    const version = new TableVersion(t.db, new Set(TEAM_CARD_TABLES), log(), { heartbeatMs: 50 });
    try {
      await version.start();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(version.current()).toBeDefined();
    } finally {
      await version.close();
    }
  });
});

describe('TeamCardsCache', () => {
  const cards = (name: string) => [{ id: 1, name } as TeamView];
  let now = 1_000;
  let version: number | undefined = 1;
  const cache = new TeamCardsCache({ current: () => version }, 500, 2, () => now);
  afterEach(() => cache.clear());

  it('serves kept cards only at their version and within the TTL', async () => {
    expect(await cache.cardsOf(7, async () => cards('a'))).toEqual(cards('a'));
    expect(await cache.cardsOf(7, async () => cards('b'))).toEqual(cards('a'));
    version = 2;
    expect(await cache.cardsOf(7, async () => cards('c'))).toEqual(cards('c'));
    now += 500;
    expect(await cache.cardsOf(7, async () => cards('d'))).toEqual(cards('d'));
  });

  it('keeps nothing read while a change was heard, or while changes may go unheard', async () => {
    const read = vi.fn(async () => {
      version = (version ?? 0) + 1;
      return cards('during');
    });
    await cache.cardsOf(8, read);
    await cache.cardsOf(8, read);
    expect(read).toHaveBeenCalledTimes(2);
    version = undefined;
    const unheard = vi.fn(async () => cards('x'));
    await cache.cardsOf(9, unheard);
    await cache.cardsOf(9, unheard);
    expect(unheard).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
    version = 10;
  });

  it('holds at most `max` viewers, the oldest first out', async () => {
    for (const id of [1, 2, 3]) await cache.cardsOf(id, async () => cards(String(id)));
    expect(cache.size).toBe(2);
    const reread = vi.fn(async () => cards('1 again'));
    await cache.cardsOf(1, reread);
    expect(reread).toHaveBeenCalledOnce();
  });
});
