import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondProcess, useTestApp, type TestApp } from '../test/app.js';
import { recordEvent, transact } from './log.js';
import { EventTail } from './tail.js';
import type { AppEvent } from './types.js';

/*
 * The event tail (ADR 0026): what one process hears of the event log. Its own commits at once,
 * another process's at its next read, each event once.
 */
const env = { REDIS_URL: '' };
const t = useTestApp(env);
let other: TestApp;
beforeAll(async () => {
  other = await buildSecondProcess(t, env);
});
afterAll(() => other?.close());

/** The `todo.changed` events of list `listId` that `app`'s tail tells from now on. */
function heardBy(app: TestApp, listId: number): AppEvent[] {
  const heard: AppEvent[] = [];
  app.app.eventTail.on((e) => {
    if (e.type === 'todo.changed' && e.list_id === listId) heard.push(e);
  });
  return heard;
}

const record = (app: TestApp, listId: number) =>
  transact(app.db.kysely, (trx) => recordEvent(trx, { type: 'todo.changed', team_id: 1, list_id: listId }));

describe('the event tail', () => {
  it("tells this process's event when its transaction commits, before transact returns, and not again when read back", async () => {
    const heard = heardBy(t, 101);
    const committing = record(t, 101);
    expect(heard).toHaveLength(0); // not before the commit
    await committing;
    expect(heard).toHaveLength(1);
    await t.app.eventTail.read();
    await t.app.queue.idle();
    expect(heard).toHaveLength(1);
  });

  it('tells nothing of a transaction that rolls back', async () => {
    const heard = heardBy(t, 102);
    await expect(
      transact(t.db.kysely, async (trx) => {
        await recordEvent(trx, { type: 'todo.changed', team_id: 1, list_id: 102 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await t.app.eventTail.read();
    expect(heard).toHaveLength(0);
  });

  it("tells another process's event at its next read of the log, once, even when two reads overlap", async () => {
    const heard = heardBy(other, 103);
    await record(t, 103);
    await record(t, 103);
    await Promise.all([other.app.eventTail.read(), other.app.eventTail.read(), other.app.eventTail.read()]);
    await other.app.queue.idle();
    expect(heard).toHaveLength(2);
  });

  it('refuses an event recorded outside transact(): this process would not hear of it', async () => {
    await expect(
      t.db.kysely.transaction().execute((trx) => recordEvent(trx, { type: 'todo.changed', team_id: 1, list_id: 104 })),
    ).rejects.toThrow(/outside transact/);
    const rows = await t.db.kysely.selectFrom('events').select('payload').where('type', '=', 'todo.changed').execute();
    expect(rows.filter((r) => r.payload.includes('"list_id":104'))).toEqual([]);
  });

  it('has heard the log while its reads succeed', async () => {
    await t.app.eventTail.read();
    expect(t.app.eventTail.heard()).toBe(true);
  });

  it('has not heard once two poll intervals pass without a read; hear() reads the log then, and tells what it finds', async () => {
    const log = pino({ level: 'silent' });
    let now = 1_000_000;
    // A tail of its own whose poll never comes within the test (a stalled loop, say): its clock is the test's.
    const tail = new EventTail({
      db: other.db,
      log,
      pollMs: 60_000,
      now: () => now,
    });
    await tail.start();
    try {
      const heard: AppEvent[] = [];
      tail.on((e) => {
        if (e.type === 'todo.changed' && e.list_id === 105) heard.push(e);
      });
      expect(tail.heard()).toBe(true);
      now += 120_000;
      expect(tail.heard()).toBe(false);
      await record(t, 105); // another process's write
      // On PostgreSQL the tail's LISTEN may hear the commit's NOTIFY first (CI saw it once on a
      // loaded machine); without it nothing reads the log until hear().
      if (other.db.elsewhere.kind !== 'postgres') expect(heard).toHaveLength(0);
      expect(await tail.hear()).toBe(true);
      expect(heard).toHaveLength(1);
      expect(tail.heard()).toBe(true);
      await tail.close();
      now += 120_000;
      expect(await tail.hear()).toBe(false); // closed: never heard again
    } finally {
      await tail.close();
    }
  });

  it("wakes the work queue at its own commit, for another process's event and at every poll", async () => {
    const log = pino({ level: 'silent' });
    let wakes = 0;
    const tail = new EventTail({ db: t.db, log, pollMs: 60_000, onWake: () => wakes++ });
    await tail.start();
    try {
      wakes = 0;
      await record(t, 106); // this process's commit
      expect(wakes).toBeGreaterThanOrEqual(1);
      await tail.settled();
      let before = wakes;
      await record(other, 106); // another process's commit, then its NOTIFY
      tail.wake();
      await tail.settled();
      expect(wakes).toBeGreaterThan(before);
      before = wakes;
      tail.wake(true); // the poll: whatever it finds
      await tail.settled();
      expect(wakes).toBeGreaterThan(before);
    } finally {
      await tail.close();
    }
  });
});
