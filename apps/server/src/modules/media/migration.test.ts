import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mediaOnQueue from '../../db/migrations/2026112902-media-on-queue.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { conversionKey, MEDIA_CONVERT } from './conversion.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The app's queue leaves the moved jobs alone here (their uploads do not exist).
  t.app.queue.hold(MEDIA_CONVERT);
});
afterAll(() => t.close());

describe('migration 2026112902-media-on-queue', () => {
  it('moves the conversions still to do (and the failed ones) from media_jobs to the work queue, and back down', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- media_jobs is no table of the app's any more
    const db = t.db.kysely as unknown as Kysely<any>;
    await mediaOnQueue.down(db);
    const at = (minute: number) => `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const row = (key: string, state: string, attempts: number, error: string | null = null) => ({
      source_key: `uploads/7/${key}.webm`,
      team_id: 7,
      state,
      attempts,
      lease_holder: state === 'running' ? 'an-old-process' : null,
      lease_until: state === 'running' ? at(5) : null,
      available_at: at(2),
      error,
      created_at: at(1),
      updated_at: at(3),
    });
    await db
      .insertInto('media_jobs')
      .values([
        row('queued', 'queued', 1, 'ffmpeg exited with 1'),
        row('running', 'running', 2),
        row('done', 'done', 1),
        row('failed', 'failed', 3, 'Conversion failed!'),
      ])
      .execute();

    const before = Date.now();
    await mediaOnQueue.up(db);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('queue', '=', MEDIA_CONVERT)
      .orderBy('id')
      .execute();
    const payload = (key: string) => JSON.stringify({ source_key: `uploads/7/${key}.webm`, team_id: 7 });
    expect(jobs).toMatchObject([
      {
        key: conversionKey('uploads/7/queued.webm'),
        payload: payload('queued'),
        state: 'queued',
        attempts: 1,
        run_at: at(2),
        leased_by: null,
        last_error: 'ffmpeg exited with 1',
        created_at: at(1),
        finished_at: null,
      },
      // Its process is of the previous version: due again at once, its attempt counted.
      { key: conversionKey('uploads/7/running.webm'), payload: payload('running'), state: 'queued', attempts: 2 },
      {
        key: conversionKey('uploads/7/failed.webm'),
        payload: payload('failed'),
        state: 'failed',
        attempts: 3,
        last_error: 'Conversion failed!',
        finished_at: at(3),
      },
    ]);
    expect(Date.parse(jobs[1]!.run_at)).toBeGreaterThanOrEqual(before - 1);
    await expect(db.selectFrom('media_jobs').selectAll().execute()).rejects.toThrow();

    await mediaOnQueue.down(db);
    expect(await t.db.kysely.selectFrom('jobs').select('id').where('queue', '=', MEDIA_CONVERT).execute()).toEqual([]);
    const back = await db
      .selectFrom('media_jobs')
      .select(['source_key', 'state', 'attempts', 'error'])
      .orderBy('id')
      .execute();
    expect(back).toEqual([
      { source_key: 'uploads/7/queued.webm', state: 'queued', attempts: 1, error: 'ffmpeg exited with 1' },
      { source_key: 'uploads/7/running.webm', state: 'queued', attempts: 2, error: null },
      { source_key: 'uploads/7/failed.webm', state: 'failed', attempts: 3, error: 'Conversion failed!' },
    ]);
    await mediaOnQueue.up(db);
    expect(await t.db.kysely.selectFrom('jobs').select('id').where('queue', '=', MEDIA_CONVERT).execute()).toHaveLength(
      3,
    );
  });
});
