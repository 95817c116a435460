import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRoomStore } from './redis-room-store.js';
import { describeRoomStore, later, peer } from './testing/room-store.contract.js';

/** Set by `npm run test:services` when Redis answers; without it these tests are skipped. */
const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** Keys of this file's own: parallel test files sharing one Redis never see each other's rooms. */
const prefix = `rally-test:wc:${randomBytes(6).toString('hex')}:`;

/** Every key under `match` (SCAN, as an operator would look). */
async function keysLike(redis: Redis, match: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

async function removeKeys(redis: Redis): Promise<void> {
  const keys = await keysLike(redis, `${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}

describe.skipIf(!testRedisUrl)('RedisRoomStore', () => {
  describe('on two connections (two API processes)', () => {
    describeRoomStore('RedisRoomStore', async () => {
      const [first, second] = [new Redis(testRedisUrl!), new Redis(testRedisUrl!)];
      return {
        store: new RedisRoomStore(first, prefix),
        twin: new RedisRoomStore(second, prefix),
        async dispose() {
          await removeKeys(first);
          await Promise.all([first.quit(), second.quit()]);
        },
      };
    });
  });

  describe('its keys', () => {
    let redis: Redis;
    let store: RedisRoomStore;
    beforeAll(() => {
      redis = new Redis(testRedisUrl!);
      store = new RedisRoomStore(redis, prefix);
    });
    afterAll(async () => {
      await store?.close();
      await removeKeys(redis);
      await redis?.quit();
    });

    it('are all gone when the room ends, and the index forgets it', async () => {
      const teamId = 424_242;
      const now = new Date();
      const room = await store.openRoom(teamId, now);
      expect(room.roomId).toMatch(/^WC[0-9a-f]{32}$/);
      await store.join(teamId, room.roomId, peer('a', 1), later(now, 30));
      await store.join(teamId, room.roomId, peer('b', 2), later(now, 30));
      await store.update(teamId, room.roomId, 'a', { in_call: true, audio: true, video: true });
      await store.addMessage(teamId, room.roomId, {
        type: 'media',
        body: '',
        attributes: { id: 1, first_name: 'A', full_name: 'A B', avatar: null, email: 'a@example.com' },
        timestamp: now.toISOString(),
        media_key: 'watercooler/x.png',
      });
      await store.leave(teamId, room.roomId, 'a', now);
      const roomKeys = await keysLike(redis, `${prefix}room:${room.roomId}:*`);
      expect(roomKeys.length).toBeGreaterThanOrEqual(5);
      expect(await redis.sismember(`${prefix}rooms`, `${teamId}:${room.roomId}`)).toBe(1);

      expect(await store.end(teamId, room.roomId, now, true)).toMatchObject({ userIds: [1, 2] });
      expect(await keysLike(redis, `${prefix}room:${room.roomId}*`)).toEqual([]);
      expect(await keysLike(redis, `${prefix}*${room.roomId}*`)).toEqual([]);
      expect(await redis.exists(`${prefix}team:${teamId}`)).toBe(0);
      expect(await redis.sismember(`${prefix}rooms`, `${teamId}:${room.roomId}`)).toBe(0);
    });

    it('expire within a day of the last write, so a crashed cluster leaves nothing for ever', async () => {
      const teamId = 434_343;
      const now = new Date();
      const room = await store.openRoom(teamId, now);
      await store.join(teamId, room.roomId, peer('a', 1), later(now, 30));
      const keys = [`${prefix}team:${teamId}`, ...(await keysLike(redis, `${prefix}room:${room.roomId}:*`))];
      for (const key of keys) {
        const ttl = await redis.pttl(key);
        expect(ttl, key).toBeGreaterThan(23 * 3600 * 1000);
        expect(ttl, key).toBeLessThanOrEqual(24 * 3600 * 1000);
      }

      // Expired (the safety net ran): stale() drops the index entry rather than list a room
      // that no longer exists.
      await redis.del(...keys);
      expect((await store.stale(later(now, 3600), later(now, 3600))).map((r) => r.roomId)).not.toContain(room.roomId);
      expect(await redis.sismember(`${prefix}rooms`, `${teamId}:${room.roomId}`)).toBe(0);
    });

    it('leave the app’s connection open on close (it is the app’s)', async () => {
      const other = new RedisRoomStore(redis, prefix);
      await other.close();
      expect(await redis.ping()).toBe('PONG');
    });
  });
});
