import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WatercoolerServerMessage } from '@rally/contract';
import { parseRoomMessage, RedisRoomBus } from './redis-room-bus.js';
import type { RoomBus } from './room-store.js';

/** Set by `npm run test:services` when Redis answers; without it the Redis tests are skipped. */
const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

type Received = {
  target: { roomId: string; peerId?: string; except?: string };
  message: WatercoolerServerMessage;
  json: string;
};

function quietLog(): FastifyBaseLogger {
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() };
  return { ...log, child: () => log, level: 'warn', silent: vi.fn() } as unknown as FastifyBaseLogger;
}

/** What a bus's listener receives, with a wait for the next few. */
function collect(bus: RoomBus): { received: Received[]; count: (n: number) => Promise<Received[]> } {
  const received: Received[] = [];
  bus.subscribe((target, message, json) => received.push({ target, message, json }));
  return {
    received,
    count: (n) =>
      vi.waitFor(() => {
        expect(received.length).toBeGreaterThanOrEqual(n);
        return received.slice(0, n);
      }),
  };
}

const pong: WatercoolerServerMessage = { type: 'pong' };
const ended: WatercoolerServerMessage = { type: 'ended' };

describe('parseRoomMessage', () => {
  it('takes a target line and a server message, and ignores anything else', () => {
    const json = JSON.stringify(ended);
    expect(parseRoomMessage(`{"roomId":"WC1","except":"p"}\n${json}`)).toEqual({
      target: { roomId: 'WC1', except: 'p' },
      message: ended,
      json,
    });
    for (const data of [
      json,
      `{"roomId":1}\n${json}`,
      `{"roomId":"WC1","peerId":7}\n${json}`,
      `{"roomId":"WC1"}\n{"kind":"x"}`,
      `{"roomId":"WC1"}\nnot json`,
      `null\n${json}`,
      '',
    ])
      expect(parseRoomMessage(data), data).toBeUndefined();
  });
});

describe.skipIf(!testRedisUrl)('RedisRoomBus between two API processes', () => {
  const channel = `rally-test:wc:${randomBytes(6).toString('hex')}`;
  let redisA: Redis;
  let redisB: Redis;
  let busA: RedisRoomBus;
  let busB: RedisRoomBus;
  let logA: FastifyBaseLogger;

  beforeAll(async () => {
    [redisA, redisB] = [new Redis(testRedisUrl!), new Redis(testRedisUrl!)];
    logA = quietLog();
    busA = await RedisRoomBus.start({ redis: redisA, channel, log: logA });
    busB = await RedisRoomBus.start({ redis: redisB, channel, log: quietLog() });
  });
  afterAll(async () => {
    await busA?.close();
    await busB?.close();
    await Promise.all([redisA?.quit(), redisB?.quit()]);
  });

  it('delivers to every process, with the target and the message’s JSON, in the order sent', async () => {
    const [a, b] = [collect(busA), collect(busB)];
    const message: WatercoolerServerMessage = {
      type: 'message',
      message: {
        id: 1,
        type: 'text',
        body: 'hello\nthere "you" 🎉',
        attributes: { id: 3, first_name: 'A', full_name: 'A B', avatar: null, email: 'a@example.com' },
        timestamp: new Date().toISOString(),
        media: null,
      },
    };
    busA.toRoom('WC-room', message, 'peer-1');
    busB.toPeer('WC-room', 'peer-2', pong);
    busA.toRoom('WC-other', ended);

    const expected = [
      { target: { roomId: 'WC-room', except: 'peer-1' }, message, json: JSON.stringify(message) },
      { target: { roomId: 'WC-room', peerId: 'peer-2' }, message: pong, json: JSON.stringify(pong) },
      { target: { roomId: 'WC-other' }, message: ended, json: JSON.stringify(ended) },
    ];
    // Each process gets one process's messages in the order it sent them.
    const fromA = (r: Received[]) => r.filter((x) => x.target.peerId === undefined);
    expect(fromA(await a.count(3))).toEqual([expected[0], expected[2]]);
    expect(fromA(await b.count(3))).toEqual([expected[0], expected[2]]);
    expect(a.received).toContainEqual(expected[1]);
    expect(b.received).toContainEqual(expected[1]);
    // Nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.received).toHaveLength(3);
    expect(b.received).toHaveLength(3);
  });

  it('stops delivering to a listener that unsubscribed, and keeps delivering after one throws', async () => {
    const kept = collect(busB);
    const dropped: Received[] = [];
    const unsubscribe = busB.subscribe((target, message, json) => dropped.push({ target, message, json }));
    busB.subscribe(() => {
      throw new Error('a broken listener');
    });
    busA.toRoom('WC-1', pong);
    await kept.count(1);
    expect(dropped).toHaveLength(1);
    unsubscribe();
    busA.toRoom('WC-2', pong);
    await kept.count(2);
    expect(dropped).toHaveLength(1);
  });

  it('ignores (and logs) what is not a room message on its channel', async () => {
    const a = collect(busA);
    await redisB.publish(channel, 'garbage');
    busB.toRoom('WC-after', pong);
    expect((await a.count(1))[0]!.target).toEqual({ roomId: 'WC-after' });
    expect(a.received).toHaveLength(1);
    expect(logA.warn).toHaveBeenCalledWith({ channel }, expect.stringContaining('ignored'));
  });

  it('tells its onRestored listeners when the subscription comes back after a loss', async () => {
    const restored = vi.fn();
    busA.onRestored(restored);
    // The subscriber's connection drops (as a Redis restart or a network cut would do it).
    (busA as unknown as { channel: { subscriber: { stream: Socket } } }).channel.subscriber.stream.destroy();
    await vi.waitFor(() => expect(restored).toHaveBeenCalledTimes(1), { timeout: 5000 });

    // And it receives again.
    const a = collect(busA);
    busB.toRoom('WC-again', pong);
    await a.count(1);
  });
});
