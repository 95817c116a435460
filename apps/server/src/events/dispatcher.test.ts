import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { BackgroundQueue } from '../lib/background.js';
import { useTestApp } from '../test/app.js';
import { EventDispatcher } from './dispatcher.js';
import { recordEvent, transact } from './log.js';

const t = useTestApp({ EVENTS_RETENTION_HOURS: '48' });

/** Records a `todo.changed` event of team `teamId` and back-dates it by `hoursAgo`. */
async function logged(teamId: number, hoursAgo: number): Promise<number> {
  await transact(t.db.kysely, (trx) => recordEvent(trx, { type: 'todo.changed', team_id: teamId, list_id: null }));
  const { id } = await t.db.kysely
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .updateTable('events')
    .set({ created_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() })
    .where('id', '=', Number(id))
    .execute();
  return Number(id);
}

const exists = async (id: number) =>
  (await t.db.kysely.selectFrom('events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('the event log', () => {
  it('hands every event to every consumer, each cursor ending at the last id', async () => {
    const last = await logged(1, 0);
    await t.app.background.idle();
    const cursors = await t.db.kysely.selectFrom('event_consumers').select(['name', 'last_event_id']).execute();
    expect(cursors.map((c) => c.name).sort()).toEqual(['mail', 'notifications', 'realtime']);
    for (const c of cursors) expect(c.last_event_id).toBe(last);
  });

  it('prunes handed-out events past EVENTS_RETENTION_HOURS and keeps younger ones', async () => {
    const old = await logged(1, 49);
    const young = await logged(1, 47);
    await t.app.background.idle();
    await t.app.events.prune();
    expect(await exists(old)).toBe(false);
    expect(await exists(young)).toBe(true);
  });

  it('keeps an old event a consumer has not handed out yet, and hands it out later', async () => {
    t.app.events.hold();
    const waiting = await logged(1, 100);
    await t.app.events.prune();
    expect(await exists(waiting)).toBe(true);
    t.app.events.resume();
    await t.app.background.idle();
    const cursors = await t.db.kysely.selectFrom('event_consumers').select('last_event_id').execute();
    for (const c of cursors) expect(c.last_event_id).toBeGreaterThanOrEqual(waiting);
    await t.app.events.prune();
    expect(await exists(waiting)).toBe(false);
  });

  it('an event committed while a run prunes is handed out by that run, not left to the next poll', async () => {
    const log = pino({ level: 'silent' });
    const background = new BackgroundQueue(log);
    const handled: number[] = [];
    const dispatcher = new EventDispatcher({
      db: t.db,
      log,
      background,
      consumers: [{ name: 'late-wake', handle: ({ id }) => Promise.resolve(void handled.push(id)) }],
      retentionHours: 48,
      dispatch: true,
    });
    let pruning!: () => void;
    const prunes = new Promise<void>((resolve) => (pruning = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(dispatcher, 'prune').mockImplementation(async () => {
      pruning();
      await released;
    });
    try {
      dispatcher.start();
      await prunes; // its first run has read the log and prunes now
      const id = await logged(1, 0);
      dispatcher.wake(); // as the event tail does at that commit
      release();
      await background.idle();
      expect(handled).toContain(id);
    } finally {
      dispatcher.close();
      await background.idle();
    }
  });
});
