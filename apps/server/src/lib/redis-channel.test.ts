import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedisChannel } from './redis-channel.js';

/** Set by `npm run test:services` when Redis answers; without it these tests are skipped. */
const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

type Note = { n: number };
const isNote = (value: unknown): value is Note =>
  typeof value === 'object' && value !== null && Number.isInteger((value as { n?: unknown }).n);

function quietLog(): FastifyBaseLogger {
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() };
  return { ...log, child: () => log, level: 'warn', silent: vi.fn() } as unknown as FastifyBaseLogger;
}

describe.skipIf(!testRedisUrl)('RedisChannel between two processes', () => {
  const channel = `rally-test:channel:${randomBytes(6).toString('hex')}`;
  let redisA: Redis;
  let redisB: Redis;
  let a: RedisChannel<Note>;
  let b: RedisChannel<Note>;
  const logA = quietLog();
  const receivedA: [Note, string][] = [];
  const receivedB: [Note, string][] = [];
  const restoredA = vi.fn();

  const open = (redis: Redis, log: FastifyBaseLogger, received: [Note, string][], restored = () => {}) =>
    RedisChannel.open<Note>({
      redis,
      channel,
      name: 'test',
      log,
      decode: (data) => {
        try {
          const value = JSON.parse(data) as unknown;
          return isNote(value) ? value : undefined;
        } catch {
          return undefined;
        }
      },
      receive: (note, data) => received.push([note, data]),
      restored,
    });

  beforeAll(async () => {
    [redisA, redisB] = [new Redis(testRedisUrl!), new Redis(testRedisUrl!)];
    a = await open(redisA, logA, receivedA, restoredA);
    b = await open(redisB, quietLog(), receivedB);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all([redisA?.quit(), redisB?.quit()]);
  });

  it('delivers JSON to every process (the sender too), in the order sent, with its text as it came', async () => {
    for (let n = 1; n <= 3; n++) a.publish({ n }, { n });
    const expected = [1, 2, 3].map((n) => [{ n }, JSON.stringify({ n })]);
    await vi.waitFor(() => expect(receivedB).toEqual(expected));
    await vi.waitFor(() => expect(receivedA).toEqual(expected));
  });

  it('ignores (and logs) what its decoder does not take', async () => {
    receivedA.length = 0;
    await redisB.publish(channel, 'garbage');
    b.publish({ n: 4 }, {});
    await vi.waitFor(() => expect(receivedA).toEqual([[{ n: 4 }, '{"n":4}']]));
    expect(logA.warn).toHaveBeenCalledWith({ channel }, expect.stringContaining('ignored'));
  });

  it('tells `restored` once the subscription is back after a loss, and receives again', async () => {
    // The subscriber's connection drops (as a Redis restart or a network cut would do it).
    (a as unknown as { subscriber: { stream: Socket } }).subscriber.stream.destroy();
    await vi.waitFor(() => expect(restoredA).toHaveBeenCalledTimes(1), { timeout: 5000 });
    receivedA.length = 0;
    b.publish({ n: 5 }, {});
    await vi.waitFor(() => expect(receivedA).toEqual([[{ n: 5 }, '{"n":5}']]));
  });

  it('logs a failed publish at error level, with what it was about, and never throws', async () => {
    const log = quietLog();
    const gone = new Redis(testRedisUrl!, { maxRetriesPerRequest: 0 });
    const lonely = await open(gone, log, []);
    await gone.quit();
    lonely.publish({ n: 6 }, { about: 'this' });
    await vi.waitFor(() =>
      expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ about: 'this' }), 'test publish failed'),
    );
    await lonely.close();
  });
});
