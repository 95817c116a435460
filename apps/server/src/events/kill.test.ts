import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH, type ServerMessage } from '@rally/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { spawnChild } from '../test/child-app.js';
import { buildUser } from '../test/factories.js';
import { buildTeam, seatMembers } from '../test/teams.js';

const WRITER = fileURLToPath(new URL('./testing/writer-process.ts', import.meta.url));

/** A signed-in realtime client keeping what it receives. */
async function connect(t: TestApp, token: string): Promise<{ received: ServerMessage[]; socket: WebSocket }> {
  const port = (t.app.server.address() as AddressInfo).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/${REALTIME_PATH}`);
  const received: ServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse((data as Buffer).toString('utf8')) as ServerMessage));
  await once(socket, 'open');
  socket.send(JSON.stringify({ type: 'auth', token }));
  await expect.poll(() => received.some((m) => m.type === 'ready')).toBe(true);
  return { received, socket };
}

describe('the event log across a crash (SIGKILL between the commit and the realtime send)', () => {
  const opened: TestApp[] = [];
  afterAll(async () => {
    for (const t of opened.reverse()) await t.close();
  });

  it('a fresh process delivers the event to a connected client and notifies exactly once', async () => {
    // The database, with a team of two, made by a first app that is then closed.
    const first = await buildTestApp({}, { keep: true });
    const [owner, member] = [await buildUser(first), await buildUser(first)];
    const team = await buildTeam(first, owner);
    await seatMembers(first, team.id, [{ user: member, role: 4 }]);
    await first.app.queue.idle();
    await first.close();

    // A real child process commits a post and is killed before handing its event out.
    const child = spawnChild(WRITER, [first.dataDir, first.pgSchema ?? '-', String(team.id), owner.token]);
    const postId = Number((await child.printed(/committed (\d+)/))[1]);
    expect(await child.kill()).toBe('SIGKILL');

    // A fresh process on the same database; the member connects before it hands anything out.
    const fresh = await buildTestApp({}, { dataDir: first.dataDir, pgSchema: first.pgSchema, holdEvents: true });
    opened.push(fresh);
    await fresh.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await connect(fresh, member.token);
    fresh.app.events.resume();

    await expect
      .poll(() => client.received.find((m) => m.type === 'post.created'), { timeout: 5_000 })
      .toMatchObject({ type: 'post.created', team_id: team.id, post: { id: postId } });
    await expect
      .poll(() => client.received.find((m) => m.type === 'notification.created'), { timeout: 5_000 })
      .toMatchObject({ type: 'notification.created', user_id: member.id });
    await fresh.app.queue.idle();
    const notes = await fresh.db.kysely
      .selectFrom('notifications')
      .select(['user_id', 'kind'])
      .where('subject', '=', postId)
      .execute();
    expect(notes).toEqual([{ user_id: member.id, kind: 'post.created' }]);

    // Handed out once: woken again (another commit, a poll), nothing is repeated.
    fresh.app.queue.wake();
    await fresh.app.queue.idle();
    expect(client.received.filter((m) => m.type === 'post.created')).toHaveLength(1);
    expect(
      await fresh.db.kysely.selectFrom('notifications').select('id').where('subject', '=', postId).execute(),
    ).toHaveLength(1);
    client.socket.close();
  }, 60_000);
});
