import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PromptMessages, type PostDto, type TeamDto } from '@rally/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { startPushService } from '../../test/push-service.js';
import { MP4_CLIP } from '../../test/samples.js';
import { buildTeam, multipart, seatMembers } from '../../test/teams.js';

// web-push's own decryption library reads what the stand-in received, as a browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
let coach: SignedUpUser;
let pete: SignedUpUser;
let team: TeamDto;

beforeAll(async () => {
  service = await startPushService();
  // Within the default hours (08:00–17:00 UTC): pushes go at once.
  const now = () => new Date('2026-11-24T10:00:00Z');
  t = await buildTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' }, { push: { now, agent: service.agent } });
  [coach, pete] = await Promise.all([
    buildUser(t, { first_name: 'Cora', last_name: 'Remind' }),
    buildUser(t, { first_name: 'Pete', last_name: 'Remind' }),
  ]);
  team = await buildTeam(t, coach, 'Reminder Team');
  await seatMembers(t, team.id, [{ user: pete, role: 4 }]);
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

it('a reminder is one notification and one push; the same day again is 409 and sends nothing', async () => {
  const sub = service.subscription('/pete-remind');
  const registered = await t.api(
    'POST',
    'register-device-token',
    { device_id: 'dev-pete', device_token: sub.json, device_os_id: 3 },
    pete.token,
  );
  expect(registered.statusCode, registered.body).toBe(200);
  const form = multipart([
    { name: 'topic', value: 'Tell us about your week' },
    { name: 'media', filename: 'q.mp4', contentType: 'video/mp4', data: MP4_CLIP },
  ]);
  const asked = await t.api('POST', `user/team/${team.id}/video`, form.payload, coach.token, { headers: form.headers });
  expect(asked.statusCode, asked.body).toBe(201);
  const post = asked.json<{ data: PostDto }>().data;
  await t.app.queue.idle();
  const before = service.received.filter((r) => r.path === '/pete-remind').length;

  const remind = () =>
    t.api(
      'POST',
      `user/team/${team.id}/video/${post.data.video_id}/user/${pete.id}/response-reminder`,
      {},
      coach.token,
    );
  const first = await remind();
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().message).toBe(PromptMessages.reminderSent);
  await t.app.queue.idle();
  const second = await remind();
  expect(second.statusCode, second.body).toBe(409);
  await t.app.queue.idle();

  const reminders = await t.db.kysely
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', pete.id)
    .where('kind', '=', 'prompt.reminder')
    .execute();
  expect(reminders).toHaveLength(1);
  const pushed = service.received.filter((r) => r.path === '/pete-remind').slice(before);
  expect(pushed).toHaveLength(1);
  const body = JSON.parse(
    ece.decrypt(pushed[0]!.body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth }).toString('utf8'),
  ) as { body: string; url: string };
  expect(body.body).toBe('Cora Remind is waiting for your answer in Reminder Team');
  expect(body.url).toBe(`/engagements/${team.id}/timeline`);
});
