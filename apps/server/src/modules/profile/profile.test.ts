import { beforeAll, describe, expect, it } from 'vitest';
import { Limits, Messages, type OwnProfileDto, type UserProfileDto, ProfileMessages } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, expectInvalid, type SignedUpUser } from '../../test/factories.js';
import { PNG_1X1, buildTeam, multipart, pngOfSize, seatMembers } from '../../test/teams.js';
import { samePixels } from '../../test/samples.js';
import sharp from 'sharp';

const t = useTestApp();
let owner: SignedUpUser;
let mate: SignedUpUser;
let stranger: SignedUpUser;

beforeAll(async () => {
  owner = await buildUser(t, { first_name: 'Pia', last_name: 'Profile' });
  mate = await buildUser(t, { first_name: 'Max', last_name: 'Mate' });
  stranger = await buildUser(t, { first_name: 'Sam', last_name: 'Stranger' });
  const team = await buildTeam(t, owner);
  await seatMembers(t, team.id, [{ user: mate, role: 4 }]);
});

const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
const me = async (user: SignedUpUser) => {
  const res = await t.api('GET', 'user/profile', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OwnProfileDto }>().data;
};
const postImage = (path: string, field: string, data: Buffer, token = owner.token) => {
  const form = multipart([{ name: field, filename: `${field}.png`, contentType: 'image/png', data }]);
  return t.api('POST', `user/profile/${path}`, form.payload, token, { headers: form.headers });
};
const bio = (user: SignedUpUser, extra: Record<string, unknown> = {}) =>
  t.api(
    'POST',
    'user/profile/bio',
    { first_name: user.first_name, last_name: user.last_name, email: user.email, ...extra },
    user.token,
  );

describe('reading', () => {
  it('the own profile nests a profile with the default hours before any edit', async () => {
    const data = await me(owner);
    expect(data).toMatchObject({ id: owner.id, email: owner.email, full_name: 'Pia Profile', avatar: null });
    expect(data.profile).toEqual({
      phone: null,
      location: null,
      geo_location: null,
      timezone: null,
      about_me: null,
      about_skills: null,
      cover: null,
      mood_id: null,
      working_hours_start: '08:00',
      working_hours_end: '17:00',
      personal_hours_start: '08:00',
      personal_hours_end: '17:00',
      secondary_image_1: null,
      secondary_image_2: null,
    });
  });

  it('a teammate sees the profile read-only, without e-mail and phone; a stranger gets 404; a guest 401', async () => {
    expect((await bio(owner, { phone: '+49 30 1234', location: 'Berlin', timezone: 'Europe/Berlin' })).statusCode).toBe(
      200,
    );
    const res = await t.api('GET', `user/profile/${owner.id}`, undefined, mate.token);
    expect(res.statusCode, res.body).toBe(200);
    const seen = res.json<{ data: UserProfileDto }>().data;
    expect(seen).toMatchObject({ id: owner.id, full_name: 'Pia Profile', email: null });
    expect(seen.profile).toMatchObject({ phone: null, location: 'Berlin', timezone: { tzCode: 'Europe/Berlin' } });
    expect(seen.profile.timezone?.label).toMatch(/^Europe\/Berlin \(GMT\+0[12]:00\)$/);

    const own = await t.api('GET', `user/profile/${owner.id}`, undefined, owner.token);
    expect(own.json().data).toMatchObject({ email: owner.email, profile: { phone: '+49 30 1234' } });

    expect((await t.api('GET', `user/profile/${owner.id}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await t.api('GET', `user/profile/${stranger.id}`, undefined, owner.token)).statusCode).toBe(404);
    expect((await t.api('GET', 'user/profile/99999999', undefined, owner.token)).statusCode).toBe(404);
    expect((await t.api('GET', `user/profile/${owner.id}`)).statusCode).toBe(401);
    expect((await t.api('GET', 'user/profile')).statusCode).toBe(401);
    expect((await t.api('POST', 'user/profile/aboutme', { about_me: 'Hello there world' })).statusCode).toBe(401);
  });
});

describe('about me, skills and mood', () => {
  it('about me is required and at least 10 characters', async () => {
    expectInvalid(await t.api('POST', 'user/profile/aboutme', {}, owner.token), 'about_me', Messages.fieldRequired);
    expectInvalid(
      await t.api('POST', 'user/profile/aboutme', { about_me: '   ' }, owner.token),
      'about_me',
      Messages.fieldRequired,
    );
    expectInvalid(
      await t.api('POST', 'user/profile/aboutme', { about_me: 'too short' }, owner.token),
      'about_me',
      ProfileMessages.aboutMeMin,
    );
    expectInvalid(
      await t.api('POST', 'user/profile/aboutme', { about_me: 'x'.repeat(Limits.aboutMax + 1) }, owner.token),
      'about_me',
      Messages.tooLong,
    );
    const res = await t.api('POST', 'user/profile/aboutme', { about_me: '  I coach rowing teams.  ' }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: ProfileMessages.aboutMeUpdated,
      data: { profile: { about_me: 'I coach rowing teams.' } },
    });
  });

  it('skills are set and cleared', async () => {
    const set = await t.api('POST', 'user/profile/skills', { about_skills: 'Rowing, pacing' }, owner.token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.profile.about_skills).toBe('Rowing, pacing');
    const cleared = await t.api('POST', 'user/profile/skills', { about_skills: null }, owner.token);
    expect(cleared.json().data.profile.about_skills).toBeNull();
  });

  it('mood: one of group 1, null clears; a buzz or unknown id is refused', async () => {
    for (const mood_id of [7, 99, 0, 'happy'])
      expectInvalid(
        await t.api('POST', 'user/profile/mood', { mood_id }, owner.token),
        'mood_id',
        ProfileMessages.moodInvalid,
      );
    expect((await t.api('POST', 'user/profile/mood', {}, owner.token)).statusCode).toBe(422);
    const set = await t.api('POST', 'user/profile/mood', { mood_id: 3 }, owner.token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.profile.mood_id).toBe(3);
    const cleared = await t.api('POST', 'user/profile/mood', { mood_id: null }, owner.token);
    expect(cleared.json().data.profile.mood_id).toBeNull();
  });
});

describe('bio', () => {
  it.each(['first_name', 'last_name', 'email'])('%s is required', async (field) => {
    const res = await bio(owner, { [field]: '' });
    expectInvalid(res, field, Messages.fieldRequired);
    const missing = await t.api(
      'POST',
      'user/profile/bio',
      { first_name: 'A', last_name: 'B', email: owner.email, [field]: undefined },
      owner.token,
    );
    expect(missing.json().errors[field]).toEqual([Messages.fieldRequired]);
  });

  it('validates e-mail, phone, hours, time zone and coordinates', async () => {
    expectInvalid(await bio(owner, { email: 'not-an-email' }), 'email', Messages.emailInvalid);
    expectInvalid(await bio(owner, { phone: 'call me' }), 'phone', ProfileMessages.phoneInvalid);
    for (const v of ['8:00', '24:00', '12:60', '0800', 'noon'])
      expectInvalid(await bio(owner, { working_hours_start: v }), 'working_hours_start', ProfileMessages.hoursInvalid);
    expectInvalid(await bio(owner, { personal_hours_end: '7pm' }), 'personal_hours_end', ProfileMessages.hoursInvalid);
    for (const v of ['Mars/Olympus', 'Europe/Nowhere', 'EST', 'gmt+1'])
      expectInvalid(await bio(owner, { timezone: v }), 'timezone', ProfileMessages.timezoneInvalid);
    const geo = await bio(owner, { geo_location: { lat: 91, lng: 0 } });
    expect(geo.statusCode).toBe(422);
    expect(Object.keys(geo.json().errors)[0]).toMatch(/^geo_location/);
  });

  it('takes the time zone as an IANA name or as the option it returns (spec §3), and stores the name', async () => {
    const user = await buildUser(t);
    const named = await bio(user, { timezone: 'Europe/Berlin' });
    expect(named.statusCode, named.body).toBe(200);
    const option = named.json<{ data: OwnProfileDto }>().data.profile.timezone;
    expect(option).toMatchObject({ tzCode: 'Europe/Berlin' });

    // What GET returned, sent back as it is: the same zone, stored as its IANA name.
    const tokyo = { tzCode: 'Asia/Tokyo', label: 'Asia/Tokyo (GMT+09:00)' };
    const echoed = await bio(user, { timezone: tokyo });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.json().data.profile.timezone).toEqual(tokyo);
    expect((await bio(user, { timezone: option })).json().data.profile.timezone).toEqual(option);
    const stored = await t.db.kysely
      .selectFrom('profiles')
      .select('timezone')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.timezone).toBe('Europe/Berlin');

    // An unknown zone, in either shape, or a shape that is neither: 422 on the field, nothing stored.
    for (const v of [{ tzCode: 'Mars/Olympus', label: 'Mars' }, 'Mars/Olympus', { label: 'Berlin' }, 42])
      expectInvalid(await bio(user, { timezone: v }), 'timezone', ProfileMessages.timezoneInvalid);
    expect((await me(user)).profile.timezone?.tzCode).toBe('Europe/Berlin');
  });

  it("another account's e-mail is never taken (bio changes no e-mail: email-change.test.ts)", async () => {
    const res = await bio(owner, { email: mate.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ProfileMessages.emailNeedsConfirmation);
    expect((await me(owner)).email).toBe(owner.email);
  });

  it('updates basic info; fields left out keep their values, null clears', async () => {
    const user = await buildUser(t, { first_name: 'Bea', last_name: 'Bio' });
    const email = user.email;
    const res = await bio(user, {
      first_name: ' Beatrix ',
      phone: '+1 (555) 010-2030',
      location: 'Lisbon, Portugal',
      geo_location: { lat: 38.72, lng: -9.14 },
      about_skills: 'Facilitation',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ProfileMessages.basicInfoUpdated);
    expect(res.json().data).toMatchObject({
      first_name: 'Beatrix',
      full_name: 'Beatrix Bio',
      email,
      profile: {
        phone: '+1 (555) 010-2030',
        location: 'Lisbon, Portugal',
        geo_location: { lat: 38.72, lng: -9.14 },
        about_skills: 'Facilitation',
      },
    });
    const again = await t.api(
      'POST',
      'user/profile/bio',
      { first_name: 'Beatrix', last_name: 'Bio', email, phone: null, geo_location: null },
      user.token,
    );
    expect(again.json().data.profile).toMatchObject({
      phone: null,
      geo_location: null,
      location: 'Lisbon, Portugal',
      about_skills: 'Facilitation',
    });
  });

  it('availability hours and time zone answer with their own message; the default applies until set', async () => {
    const user = await buildUser(t);
    const res = await bio(user, {
      working_hours_start: '09:30',
      working_hours_end: '18:00',
      personal_hours_start: '07:00',
      personal_hours_end: '22:15',
      timezone: 'America/New_York',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ProfileMessages.availabilityUpdated);
    expect(res.json().data.profile).toMatchObject({
      working_hours_start: '09:30',
      working_hours_end: '18:00',
      personal_hours_start: '07:00',
      personal_hours_end: '22:15',
      timezone: { tzCode: 'America/New_York' },
    });
    // Stored as HH:MM text under the column names push quiet hours read.
    const row = await t.db.kysely
      .selectFrom('profiles')
      .select(['working_hours_start', 'working_hours_end', 'personal_hours_start', 'personal_hours_end', 'timezone'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      working_hours_start: '09:30',
      working_hours_end: '18:00',
      personal_hours_start: '07:00',
      personal_hours_end: '22:15',
      timezone: 'America/New_York',
    });
    // Cleared hours fall back to the default when presented.
    const cleared = await bio(user, { working_hours_start: null, working_hours_end: '' });
    expect(cleared.json().data.profile).toMatchObject({ working_hours_start: '08:00', working_hours_end: '17:00' });
    // An alias of a listed zone is accepted (browsers and Node list different spellings).
    expect((await bio(user, { timezone: 'Asia/Kolkata' })).statusCode).toBe(200);
    expect((await bio(user, { timezone: 'UTC' })).statusCode).toBe(200);
  });
});

describe('images', () => {
  it.each([
    ['avatar', 'avatar', ProfileMessages.avatarUpdated],
    ['cover', 'cover', ProfileMessages.coverUpdated],
  ] as const)(
    '%s: a PNG is stored, served at a signed URL, replaced and cleared with null',
    async (path, field, message) => {
      const user = await buildUser(t);
      const res = await postImage(path, field, PNG_1X1, user.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(message);
      const data = res.json<{ data: OwnProfileDto }>().data;
      const url = (field === 'avatar' ? data.avatar : data.profile.cover)!;
      expect(url).toMatch(new RegExp(`^/files/users/${user.id}/[0-9a-f]{32}\\.png\\?expires=\\d+&signature=[\\w-]+$`));
      const served = await fetchFile(url);
      expect(served.statusCode).toBe(200);
      expect(await samePixels(served.rawPayload, PNG_1X1)).toBe(true);

      const replaced = await postImage(path, field, pngOfSize(4096), user.token);
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect((await fetchFile(url)).statusCode).toBe(404);
      const after = await me(user);
      const now = (field === 'avatar' ? after.avatar : after.profile.cover)!;
      expect(await samePixels((await fetchFile(now)).rawPayload, pngOfSize(4096))).toBe(true);

      const cleared = await t.api('POST', `user/profile/${path}`, { [field]: null }, user.token);
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().message).toBe(message);
      const gone = cleared.json<{ data: OwnProfileDto }>().data;
      expect(field === 'avatar' ? gone.avatar : gone.profile.cover).toBeNull();
      expect((await fetchFile(now)).statusCode).toBe(404);
    },
  );

  it('refuses what is not an image, a file in another field, an empty body and a non-null value', async () => {
    const text = await postImage('avatar', 'avatar', Buffer.from('hello, not a picture at all'));
    expect(text.statusCode).toBe(415);
    expect((await postImage('avatar', 'cover', PNG_1X1)).statusCode).toBe(400);
    expect((await postImage('cover', 'avatar', PNG_1X1)).statusCode).toBe(400);
    expect((await t.api('POST', 'user/profile/avatar', {}, owner.token)).statusCode).toBe(422);
    expect(
      (await t.api('POST', 'user/profile/cover', { cover: 'https://evil.test/x.png' }, owner.token)).statusCode,
    ).toBe(422);
    expect((await postImage('avatar', 'avatar', pngOfSize(Limits.imageMaxBytes + 1))).statusCode).toBe(413);
    expect((await me(owner)).avatar).toBeNull();
  });

  it('a PNG header followed by HTML is 415; a photo is stored upright without its EXIF (GPS)', async () => {
    const user = await buildUser(t);
    const html = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>');
    const fake = await postImage('avatar', 'avatar', Buffer.concat([PNG_1X1.subarray(0, 16), html]), user.token);
    expect(fake.statusCode, fake.body).toBe(415);
    expect(fake.json().message).toBe(Messages.imageInvalid);
    expect((await me(user)).avatar).toBeNull();

    const photo = await sharp({ create: { width: 6, height: 2, channels: 3, background: '#c63' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 4/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const form = multipart([{ name: 'cover', filename: 'beach.jpg', contentType: 'image/jpeg', data: photo }]);
    const res = await t.api('POST', 'user/profile/cover', form.payload, user.token, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ data: OwnProfileDto }>().data.profile.cover!;
    expect(url).toMatch(/\.jpg\?/);
    const stored = await sharp((await fetchFile(url)).rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored).toMatchObject({ format: 'jpeg', width: 2, height: 6 });
  });

  it('fun pics 1 and 2 are stored separately, cleared one at a time', async () => {
    const user = await buildUser(t);
    const one = await postImage('funpics', 'secondary_image_1', PNG_1X1, user.token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe(ProfileMessages.funPicUpdated);
    const two = await postImage('funpics', 'secondary_image_2', pngOfSize(2048), user.token);
    const profile = two.json<{ data: OwnProfileDto }>().data.profile;
    expect(await samePixels((await fetchFile(profile.secondary_image_1!)).rawPayload, PNG_1X1)).toBe(true);
    expect(await samePixels((await fetchFile(profile.secondary_image_2!)).rawPayload, pngOfSize(2048))).toBe(true);

    expect((await postImage('funpics', 'secondary_image_3', PNG_1X1, user.token)).statusCode).toBe(400);
    expect((await t.api('POST', 'user/profile/funpics', {}, user.token)).statusCode).toBe(422);
    const cleared = await t.api('POST', 'user/profile/funpics', { secondary_image_1: null }, user.token);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.profile).toMatchObject({
      secondary_image_1: null,
      secondary_image_2: expect.any(String),
    });
  });

  it('a teammate sees the pictures; nobody edits anyone else: every write changes only the caller', async () => {
    expect((await postImage('avatar', 'avatar', PNG_1X1, owner.token)).statusCode).toBe(200);
    expect((await postImage('cover', 'cover', PNG_1X1, owner.token)).statusCode).toBe(200);
    const before = await me(owner);
    const seen = (await t.api('GET', `user/profile/${owner.id}`, undefined, mate.token)).json<{
      data: UserProfileDto;
    }>().data;
    expect((await fetchFile(seen.avatar!)).statusCode).toBe(200);
    expect((await fetchFile(seen.profile.cover!)).statusCode).toBe(200);

    // The mate writes everything of their own; the owner's profile is untouched.
    expect((await t.api('POST', 'user/profile/avatar', { avatar: null }, mate.token)).statusCode).toBe(200);
    expect((await t.api('POST', 'user/profile/cover', { cover: null }, mate.token)).statusCode).toBe(200);
    expect(
      (await t.api('POST', 'user/profile/aboutme', { about_me: 'Mate writes here.' }, mate.token)).statusCode,
    ).toBe(200);
    expect((await t.api('POST', 'user/profile/mood', { mood_id: 6 }, mate.token)).statusCode).toBe(200);
    expect((await bio(mate, { working_hours_start: '10:00', location: 'Oslo' })).statusCode).toBe(200);
    // An id in the body names nobody: the write still goes to the caller.
    expect(
      (await t.api('POST', 'user/profile/skills', { about_skills: 'Mate skills', user_id: owner.id }, mate.token))
        .statusCode,
    ).toBe(200);
    const after = await me(owner);
    expect(after.profile).toEqual({
      ...before.profile,
      cover: expect.any(String),
      secondary_image_1: before.profile.secondary_image_1,
    });
    expect(after.avatar?.split('?')[0]).toBe(before.avatar?.split('?')[0]);
    expect(after.profile.cover?.split('?')[0]).toBe(before.profile.cover?.split('?')[0]);
    expect(after.profile.about_me).not.toBe('Mate writes here.');
    expect((await me(mate)).profile).toMatchObject({ about_me: 'Mate writes here.', location: 'Oslo', mood_id: 6 });
  });
});

describe('the avatar elsewhere', () => {
  it('members, team cards and sign-in show the stored avatar as a signed URL', async () => {
    const user = await buildUser(t, { first_name: 'Ava', last_name: 'Tar' });
    const team = await buildTeam(t, user);
    await seatMembers(t, team.id, [{ user: mate, role: 4 }]);
    expect((await postImage('avatar', 'avatar', PNG_1X1, user.token)).statusCode).toBe(200);
    const signed = expect.stringMatching(new RegExp(`^/files/users/${user.id}/[0-9a-f]{32}\\.png\\?expires=`));

    const members = (await t.api('GET', `user/team/${team.id}/members`, undefined, mate.token)).json().data as {
      id: number;
      avatar: string | null;
    }[];
    const listed = members.find((m) => m.id === user.id)!;
    expect(listed.avatar).toEqual(signed);
    expect((await fetchFile(listed.avatar!)).statusCode).toBe(200);

    const card = (await t.api('GET', `user/teams?team_id=${team.id}`, undefined, mate.token)).json().data[0];
    expect(card.manager.avatar).toEqual(signed);
    expect(card.users.find((u: { id: number }) => u.id === user.id).avatar).toEqual(signed);

    const login = await t.api('POST', 'login', { email: user.email, password: user.password }, undefined, {
      remoteAddress: '10.7.7.7',
    });
    expect(login.json().data.avatar).toEqual(signed);
  });
});
