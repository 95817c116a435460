import { describe, expect, it } from 'vitest';
import { Messages, type PostDto } from '@rally/contract';
import { useTestApp } from '../test/app.js';
import { buildUser, uniqueEmail } from '../test/factories.js';
import { buildTeam } from '../test/teams.js';

/**
 * One contract rule refuses control characters in every text field (issue 20): a NUL byte was a
 * 500 on PostgreSQL, which cannot store it. Single-line fields refuse every C0 character and DEL;
 * multi-line texts keep tab and line breaks.
 */
const t = useTestApp();

const refused = (res: { statusCode: number; body: string; json: () => unknown }, field: string) => {
  expect(res.statusCode, res.body).toBe(422);
  expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toContain(Messages.controlCharacters);
};

describe('control characters in request text', () => {
  it('a NUL byte in device_id is a 422, not a 500', async () => {
    const user = await buildUser(t);
    const res = await t.api(
      'POST',
      'register-device-token',
      {
        device_id: 'dev\u0000ice',
        device_token: '{"endpoint":"https://fcm.googleapis.com/x","keys":{"p256dh":"a","auth":"b"}}',
        device_os_id: 3,
      },
      user.token,
    );
    refused(res, 'device_id');
  });

  it('a name refuses tab, line feed and escape as well as NUL', async () => {
    for (const c of ['\u0000', '\t', '\n', '\u001b']) {
      const res = await t.api('POST', 'register', {
        first_name: `Ada${c}Eve`,
        last_name: 'Lovelace',
        email: uniqueEmail(),
        password: 'secret-pass',
        password_confirmation: 'secret-pass',
      });
      refused(res, 'first_name');
    }
  });

  it('a team name refuses a vertical tab (the letters-digits-spaces rule let \\s through)', async () => {
    const owner = await buildUser(t);
    for (const c of ['\u000b', '\u000c', '\u0000'])
      refused(await t.api('POST', 'user/team', { name: `Blue${c}Team` }, owner.token), 'name');
  });

  it('post text refuses NUL and bell but keeps its line breaks and tabs', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    for (const c of ['\u0000', '\u0007', '\u007f'])
      refused(
        await t.api('POST', `user/team/${team.id}/posts`, { content: `Hello${c} world` }, owner.token),
        'content',
      );
    const ok = await t.api(
      'POST',
      `user/team/${team.id}/posts`,
      { content: 'First line\r\nSecond\tline' },
      owner.token,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ data: PostDto }>().data.data.content).toBe('First line\r\nSecond\tline');
  });
});
