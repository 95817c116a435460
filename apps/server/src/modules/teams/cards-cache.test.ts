import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TeamDto } from '@rally/contract';
import * as dropTableChangeNotify from '../../db/migrations/2026112720-drop-table-change-notify.js';
import type { EventListener } from '../../events/tail.js';
import type { AppEvent } from '../../events/types.js';
import { buildSecondProcess, buildTestApp, testDatabaseUrl, type TestApp, useTestApp } from '../../test/app.js';
import { subscribe, subscribeBody } from '../../test/billing/billing-helpers.js';
import { startStripeDouble } from '../../test/billing/stripe-double.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { addMembers, createTeam, PNG_1X1, postTeamAvatar } from '../../test/teams.js';
import { BillingRepository } from '../billing/repository.js';
import { BillingService } from '../billing/service.js';
import { TeamCardsCache } from './cards-cache.js';
import type { TeamView } from './repository.js';

/*
 * The team cards cache (ADR 0018, in part ADR 0026): a viewer's second read of `user/teams` asks
 * the database nothing, and every write through the app that changes what a card shows records
 * an event that empties the kept cards: in the writer's process at its commit, before its answer;
 * in every other process at its next read of the event log. Writes straight into the database
 * record no event: only the TTL covers them. The count is the list's own (the session lookup
 * left out): 0 from the cache, 1 read afresh. No Redis anywhere: nothing here goes through it.
 */

/** Stripe configured, its API answered by a local double: the path a lapsed plan takes in production. */
const stripe = await startStripeDouble();
afterAll(() => stripe.close());
const env = {
  APP_SECRET: randomBytes(32).toString('hex'),
  REDIS_URL: '',
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_PRICE_ID: stripe.priceId,
  STRIPE_API_URL: stripe.url,
};
const t = useTestApp(env);

let coach: SignedUpUser;
beforeAll(async () => {
  coach = await buildUser(t, { first_name: 'Cora', last_name: 'Cards' });
});

async function read(app: TestApp, viewer: SignedUpUser, query = '') {
  expect((await app.api('GET', 'user/profile', undefined, viewer.token)).statusCode).toBe(200);
  const { result, queries } = await app.queriesOf(() => app.api('GET', `user/teams${query}`, undefined, viewer.token));
  expect(result.statusCode, result.body).toBe(200);
  // The session's own lookup is not counted (a rename evicts the session too).
  const cardQueries = queries.filter((q) => !q.includes('"auth_tokens"'));
  return { teams: result.json<{ data: TeamDto[] }>().data, queries: cardQueries.length };
}

/**
 * Reads until the viewer's cards come from memory. The tail is read first: this process's own
 * last events come back from the log once more (harmless: they empty the cache again), better
 * now than between the two reads. A poll of the tail may still do that: then it is tried again.
 */
async function cached(app: TestApp, viewer: SignedUpUser) {
  let hit: Awaited<ReturnType<typeof read>> | undefined;
  await vi.waitFor(
    async () => {
      await app.app.eventTail.read();
      await read(app, viewer);
      hit = await read(app, viewer);
      expect(hit.queries).toBe(0);
    },
    { timeout: 3_000, interval: 20 },
  );
  return hit!;
}

const cardIn = (teams: TeamDto[], teamId: number) => teams.find((x) => x.id === teamId);

/**
 * Warms every viewer's cards, makes the write, then reads each viewer's list once and checks it:
 * a cache nobody emptied would answer the kept, stale cards. (Not always a query: a write that
 * answers with the writer's team, as joining or creating one does, reads their list afresh.)
 */
async function expectOnNextRead(
  viewers: SignedUpUser[],
  write: () => Promise<unknown>,
  check: (teams: TeamDto[], viewer: SignedUpUser) => void,
) {
  for (const viewer of viewers) await cached(t, viewer);
  await write();
  for (const viewer of viewers) check((await read(t, viewer)).teams, viewer);
}

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer;
};

describe('GET user/teams from memory', () => {
  it('a repeated read asks nothing; team_id picks from the kept cards', async () => {
    const team = await createTeam(t, coach, 'Cards Kept');
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

  it('the cards are read from the tables whose card writes record an event (a new one needs its event in CARD_EVENTS)', async () => {
    t.app.teamCards.clear();
    const { queries } = await t.queriesOf(() => t.api('GET', 'user/teams', undefined, coach.token));
    const [list] = queries.filter((q) => q.includes('"teams"'));
    const tables = new Set([...list!.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((m) => m[1]));
    expect(tables).toEqual(new Set(['teams', 'users', 'subscriptions', 'team_members', 'topics']));
  });

  it('a trial that ends while the cards are kept shows inactive on the next read (the clock, per request)', async () => {
    const owner = await buildUser(t);
    await createTeam(t, owner, 'Cards Trial');
    const ends = Date.now() + 5_000;
    await t.db.kysely
      .updateTable('subscriptions')
      .set({ plan: 'Premium', stripe_status: 'trialing', trial_ends_at: new Date(ends).toISOString() })
      .where('user_id', '=', owner.id)
      .execute();
    t.app.teamCards.clear(); // written behind the app: as if its TTL had passed
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
  it("the trial job's move to the Member plan empties the kept cards (its write records subscription.changed)", async () => {
    const owner = await buildUser(t);
    await createTeam(t, owner, 'Cards Trial Job');
    expect((await cached(t, owner)).teams[0]!.status).toBe('active');
    // The trial's end moved into the past behind the app (as the browser test does to stand for
    // time passing): the kept rows still hold the future end, so only the job's event can tell.
    await t.db.kysely
      .updateTable('subscriptions')
      .set({ trial_ends_at: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', owner.id)
      .execute();
    expect(
      await new BillingService(t.db.kysely, new BillingRepository(t.db.kysely), 14).expireTrials(),
    ).toBeGreaterThanOrEqual(1);
    const after = await read(t, owner);
    expect(after.queries).toBe(1);
    expect(after.teams[0]!.status).toBe('inactive');
  });
});

describe("each kind of card change through the API is on the writer's next read", () => {
  it('the team: name, picture, level of engagement', async () => {
    const team = await createTeam(t, coach, 'Cards Profile');
    const card = (teams: TeamDto[]) => cardIn(teams, team.id)!;
    await expectOnNextRead(
      [coach],
      () => ok(t.api('POST', `user/team/${team.id}/profile`, { name: 'Cards Renamed' }, coach.token)),
      (teams) => expect(card(teams).name).toBe('Cards Renamed'),
    );
    await expectOnNextRead(
      [coach],
      () => ok(postTeamAvatar(t, team.id, coach.token, PNG_1X1)),
      (teams) => expect(card(teams).avatar).toMatch(/^\/files\/teams\//),
    );
    await expectOnNextRead(
      [coach],
      () => ok(t.api('POST', `user/team/${team.id}/level-of-engagement`, { level_of_engagement_id: 3 }, coach.token)),
      (teams) => expect(card(teams).profile.level_of_engagement.id).toBe(3),
    );
  });

  it('members: one joins, their role changes, they are removed', async () => {
    const team = await createTeam(t, coach, 'Cards Members');
    const mina = await buildUser(t, { first_name: 'Mina', last_name: 'Cards' });
    await expectOnNextRead(
      [coach, mina],
      () => addMembers(t, team.id, coach, [mina]),
      (teams) => {
        expect(cardIn(teams, team.id)!.users_count).toBe(2);
        expect(cardIn(teams, team.id)!.users.map((u) => u.id)).toContain(mina.id);
      },
    );
    await expectOnNextRead(
      [coach, mina],
      () => ok(t.api('POST', `user/team/${team.id}/change-user-role`, { user_id: mina.id, role_id: 3 }, coach.token)),
      (teams) => expect(cardIn(teams, team.id)!.users.find((u) => u.id === mina.id)!.role_id).toBe(3),
    );
    await expectOnNextRead(
      [coach, mina],
      () => ok(t.api('DELETE', `user/team/${team.id}/member/${mina.id}`, undefined, coach.token)),
      (teams, viewer) => {
        if (viewer === mina) expect(cardIn(teams, team.id)).toBeUndefined();
        else expect(cardIn(teams, team.id)!.users_count).toBe(1);
      },
    );
  });

  // `user.updated` is recorded by the profile module (issue 21, another change): this cache listens.
  it('people: a member and the owner renamed through the profile API', async () => {
    const owner = await buildUser(t, { first_name: 'Otto', last_name: 'Cards' });
    const rhea = await buildUser(t, { first_name: 'Rhea', last_name: 'Cards' });
    const team = await createTeam(t, owner, 'Cards People');
    await addMembers(t, team.id, owner, [rhea]);
    const bio = (user: SignedUpUser, first_name: string) =>
      ok(t.api('POST', 'user/profile/bio', { first_name, last_name: 'Cards', email: user.email }, user.token));
    await expectOnNextRead(
      [owner],
      () => bio(rhea, 'Rhiannon'),
      (teams) => expect(cardIn(teams, team.id)!.users.find((u) => u.id === rhea.id)!.full_name).toBe('Rhiannon Cards'),
    );
    await expectOnNextRead(
      [rhea],
      () => bio(owner, 'Ottilie'),
      (teams) => expect(cardIn(teams, team.id)!.manager.full_name).toBe('Ottilie Cards'),
    );
  });

  it("the viewer's own welcome message read", async () => {
    const team = await createTeam(t, coach, 'Cards Welcome');
    await expectOnNextRead(
      [coach],
      () => ok(t.api('POST', `user/team/${team.id}/read-welcome-message`, { is_read: true }, coach.token)),
      (teams) => expect(cardIn(teams, team.id)!.read_welcome_message).toBe(true),
    );
  });

  it('the latest topic: published, then its words edited', async () => {
    const team = await createTeam(t, coach, 'Cards Topic');
    let topicId = 0;
    await expectOnNextRead(
      [coach],
      async () => {
        const res = await ok(
          t.api('POST', `user/team/${team.id}/topic`, { content: 'What made today good?' }, coach.token),
        );
        topicId = (JSON.parse(res.body) as { data: { id: number } }).data.id;
      },
      (teams) => expect(cardIn(teams, team.id)!.latest_topic).toEqual({ content: 'What made today good?' }),
    );
    await expectOnNextRead(
      [coach],
      () => ok(t.api('PUT', `user/team/${team.id}/topic/${topicId}`, { content: 'What went well?' }, coach.token)),
      (teams) => expect(cardIn(teams, team.id)!.latest_topic).toEqual({ content: 'What went well?' }),
    );
  });

  it("the owner's plan, paid by card: lapsed and back through Stripe's webhooks", async () => {
    const owner = await buildUser(t);
    const member = await buildUser(t);
    const team = await createTeam(t, owner, 'Cards Plan');
    await addMembers(t, team.id, owner, [member]);
    const status = (teams: TeamDto[]) => cardIn(teams, team.id)!.status;
    await ok(subscribe(t, owner, subscribeBody('pm_card_visa')));
    const row = await new BillingRepository(t.db.kysely).findByUser(owner.id);
    const sub = stripe.subscriptions.get(row!.provider_subscription_id!)!;
    const webhook = (type: string, object: Record<string, unknown>) => {
      const e = stripe.signedEvent(type, structuredClone(object));
      return ok(
        t.api('POST', 'stripe/webhook', undefined, undefined, {
          payload: e.body,
          headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
        }),
      );
    };
    await expectOnNextRead(
      [owner, member],
      () => {
        sub.status = 'past_due';
        return webhook('customer.subscription.updated', sub);
      },
      (teams) => expect(status(teams)).toBe('inactive'),
    );
    await expectOnNextRead(
      [owner, member],
      () => {
        sub.status = 'active';
        sub.trial_end = null;
        return webhook('customer.subscription.updated', sub);
      },
      (teams) => expect(status(teams)).toBe('active'),
    );
  });

  it('teams: created, deleted, restored (for a member too)', async () => {
    const nora = await buildUser(t, { first_name: 'Nora', last_name: 'Cards' });
    let team: TeamDto | undefined;
    await expectOnNextRead(
      [coach],
      async () => (team = await createTeam(t, coach, 'Cards Extra')),
      (teams) => expect(cardIn(teams, team!.id)).toBeDefined(),
    );
    await addMembers(t, team!.id, coach, [nora]);
    await expectOnNextRead(
      [coach, nora],
      () => ok(t.api('DELETE', `user/team/${team!.id}`, undefined, coach.token)),
      (teams) => expect(cardIn(teams, team!.id)).toBeUndefined(),
    );
    await expectOnNextRead(
      [coach, nora],
      () => ok(t.api('POST', `user/team/${team!.id}/restore`, undefined, coach.token)),
      (teams) => expect(cardIn(teams, team!.id)!.users_count).toBe(2),
    );
  });
});

describe('two app processes on one database (no Redis)', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await buildSecondProcess(t, env);
  });
  afterAll(() => other?.close());

  it("a write through one is on the other's next read once that one has read the event log", async () => {
    const team = await createTeam(t, coach, 'Cards Here');
    await cached(other, coach);
    await ok(t.api('POST', `user/team/${team.id}/profile`, { name: 'Cards There' }, coach.token));
    // At its next poll (EVENTS_POLL_MS) or, on PostgreSQL, when the NOTIFY wakes it; at once here.
    await other.app.eventTail.read();
    const there = await read(other, coach);
    expect(there.queries).toBe(1);
    expect(cardIn(there.teams, team.id)!.name).toBe('Cards There');

    await cached(t, coach);
    await ok(other.api('POST', `user/team/${team.id}/level-of-engagement`, { level_of_engagement_id: 2 }, coach.token));
    await t.app.eventTail.read();
    const here = await read(t, coach);
    expect(here.queries).toBe(1);
    expect(cardIn(here.teams, team.id)!.profile.level_of_engagement.id).toBe(2);
  });
});

describe('a process that has not read the event log recently', () => {
  it('answers nothing from memory: it may have missed another process’s write', async () => {
    const quiet = await buildTestApp({ ...env, EVENTS_POLL_MS: '50' });
    try {
      const owner = await buildUser(quiet);
      await createTeam(quiet, owner, 'Cards Quiet');
      await cached(quiet, owner);
      // Its tail stops reading the log (as when the database cannot be read): within two polls it
      // no longer counts as having heard.
      await quiet.app.eventTail.close();
      await vi.waitFor(() => expect(quiet.app.eventTail.heard()).toBe(false), { timeout: 2_000, interval: 10 });
      expect((await read(quiet, owner)).queries).toBe(1);
      expect((await read(quiet, owner)).queries).toBe(1);
    } finally {
      await quiet.close();
    }
  });
});

describe('writes straight into the database (no event): only the TTL covers them', () => {
  it('a team renamed behind the app is on the read after TEAM_CARDS_CACHE_MS, not before', async () => {
    const brief = await buildTestApp({ ...env, TEAM_CARDS_CACHE_MS: '1000' });
    try {
      const owner = await buildUser(brief);
      const team = await createTeam(brief, owner, 'Cards Before');
      await cached(brief, owner);
      await brief.db.kysely.updateTable('teams').set({ name: 'Cards Behind' }).where('id', '=', team.id).execute();
      const soon = await read(brief, owner);
      expect(soon.queries).toBe(0);
      expect(cardIn(soon.teams, team.id)!.name).toBe('Cards Before');
      await vi.waitFor(
        async () => expect(cardIn((await read(brief, owner)).teams, team.id)!.name).toBe('Cards Behind'),
        {
          timeout: 5_000,
          interval: 100,
        },
      );
    } finally {
      await brief.close();
    }
  });
});

describe.runIf(testDatabaseUrl)('PostgreSQL: no table triggers any more', () => {
  const announcing = async () => {
    const { rows } = await sql<{ table: string }>`select event_object_table as table from information_schema.triggers
      where trigger_schema = ${t.pgSchema} and trigger_name like '%announce'`.execute(t.db.kysely);
    return new Set(rows.map((r) => r.table));
  };

  it('migration 2026112720 drops the notify triggers of 2026112506; down puts them back', async () => {
    expect(await announcing()).toEqual(new Set());
    await dropTableChangeNotify.down(t.db.kysely);
    try {
      expect(await announcing()).toEqual(new Set(['teams', 'team_members', 'users', 'subscriptions', 'topics']));
    } finally {
      await dropTableChangeNotify.up(t.db.kysely);
    }
    expect(await announcing()).toEqual(new Set());
    const { rows } = await sql`select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.proname = 'rally_table_changed' and n.nspname = ${t.pgSchema}`.execute(t.db.kysely);
    expect(rows).toEqual([]);
  });
});

describe('TeamCardsCache', () => {
  const cards = (name: string) => [{ id: 1, name } as TeamView];
  const listeners = new Set<EventListener>();
  let heard = true;
  const tail = {
    on: (listener: EventListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    heard: () => heard,
    hear: () => Promise.resolve(heard),
  };
  const tell = (event: AppEvent) => {
    for (const listener of listeners) listener(event);
  };
  const renamed: AppEvent = { type: 'team.updated', team_id: 1, actor_id: 1 };
  let now = 1_000;
  const cache = new TeamCardsCache(tail, 500, 2, () => now);
  afterEach(() => {
    cache.clear();
    heard = true;
  });

  it('serves kept cards within the TTL, then reads again', async () => {
    expect(await cache.cardsOf(7, async () => cards('a'))).toEqual(cards('a'));
    now += 499;
    expect(await cache.cardsOf(7, async () => cards('b'))).toEqual(cards('a'));
    now += 1;
    expect(await cache.cardsOf(7, async () => cards('c'))).toEqual(cards('c'));
  });

  it("a card event empties every viewer's cards; other events leave them", async () => {
    await cache.cardsOf(7, async () => cards('a'));
    await cache.cardsOf(8, async () => cards('a'));
    tell({ type: 'todo.changed', team_id: 1, list_id: null });
    expect(cache.size).toBe(2);
    tell({ type: 'subscription.changed', team_id: null, user_id: 99 });
    expect(cache.size).toBe(0);
    expect(await cache.cardsOf(7, async () => cards('b'))).toEqual(cards('b'));
  });

  it('keeps nothing read while a card event was heard: the read may have missed it', async () => {
    const read = vi.fn(async () => {
      tell(renamed);
      return cards('during');
    });
    await cache.cardsOf(8, read);
    await cache.cardsOf(8, read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('answers nothing from memory and keeps nothing while the tail has not heard recently', async () => {
    await cache.cardsOf(9, async () => cards('kept'));
    heard = false;
    const unheard = vi.fn(async () => cards('x'));
    expect(await cache.cardsOf(9, unheard)).toEqual(cards('x'));
    await cache.cardsOf(10, unheard);
    await cache.cardsOf(10, unheard);
    expect(unheard).toHaveBeenCalledTimes(3);
    expect(cache.size).toBe(1);
  });

  it('holds at most `max` viewers, the oldest first out', async () => {
    for (const id of [1, 2, 3]) await cache.cardsOf(id, async () => cards(String(id)));
    expect(cache.size).toBe(2);
    const reread = vi.fn(async () => cards('1 again'));
    await cache.cardsOf(1, reread);
    expect(reread).toHaveBeenCalledOnce();
  });

  it('stops hearing once closed', () => {
    const closing = new TeamCardsCache(tail, 500);
    const before = listeners.size;
    closing.close();
    expect(listeners.size).toBe(before - 1);
  });
});
