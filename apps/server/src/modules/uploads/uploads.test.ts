import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { Limits, type PresignDto, type UploadPolicy, PostMessages, PromptMessages } from '@rally/contract';
import { ConfigError, loadConfig } from '../../config.js';
import { buildTestApp, useTestApp, type TestApp } from '../../test/app.js';
import { buildUser, expectInvalid, type SignedUpUser } from '../../test/factories.js';
import { PNG_1X1, addMembers, ageDeletion, createTeam, multipart, postTeamAvatar } from '../../test/teams.js';
import { MembersRepository } from '../members/repository.js';
import { TeamAccess } from '../members/team-access.js';
import type { TeamDto } from '@rally/contract';
import { createUploads } from './setup.js';
import type { UploadsService } from './service.js';
import { UrlSigner } from './signing.js';
import { contentDispositionOfKey } from './storage.js';
import { MP3_NOTE, MP4_CLIP, sampleFile, samePixels } from '../../test/samples.js';
import sharp from 'sharp';
import { transact } from '../../events/log.js';

const t = useTestApp();
let owner: SignedUpUser;
let member: SignedUpUser;
let outsider: SignedUpUser;
/** Uploads of the content tests (presigns are rate-limited per user). */
let una: SignedUpUser;
let team: TeamDto;
let otherTeam: TeamDto;
/** The service as other modules get it (same configuration, database and files as the app). */
let uploads: UploadsService;
let signer: UrlSigner;

beforeAll(async () => {
  owner = await buildUser(t, { first_name: 'Olive' });
  member = await buildUser(t, { first_name: 'Mia' });
  outsider = await buildUser(t, { first_name: 'Otto' });
  team = await createTeam(t, owner);
  otherTeam = await createTeam(t, owner);
  una = await buildUser(t, { first_name: 'Una' });
  await addMembers(t, team.id, owner, [member, una]);
  await addMembers(t, otherTeam.id, owner, [member]);
  ({ uploads } = await createUploads({
    config: t.config,
    db: t.db.kysely,
    access: new TeamAccess(new MembersRepository(t.db.kysely)),
    queue: t.app.queue,
  }));
  signer = new UrlSigner(t.config.APP_SECRET);
});

interface Declared {
  filename: string;
  mime_type: string;
  file_size: number | string;
  resource_type: string;
  resource_id: number | string;
  resource_policy: string;
}

const declared = (over: Partial<Declared> = {}): Declared => ({
  filename: 'photo.png',
  mime_type: 'image/png',
  file_size: PNG_1X1.length,
  resource_type: 'team',
  resource_id: team.id,
  resource_policy: 'expression',
  ...over,
});

const presignCall = (user: SignedUpUser | undefined, q: Partial<Declared> = {}) =>
  t.api(
    'GET',
    `s3-upload-presigned-request?${new URLSearchParams(Object.entries(declared(q)).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
    undefined,
    user?.token,
  );

async function presign(user: SignedUpUser, q: Partial<Declared> = {}): Promise<PresignDto> {
  const res = await presignCall(user, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PresignDto }>().data;
}

/** PUTs bytes to an upload URL as a browser does (any Content-Type). */
const put = (url: string, body: Buffer | Readable, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': 'image/png', ...headers } });

const fetchFile = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Presigns and uploads a file; returns its key. */
async function uploaded(user: SignedUpUser, data: Buffer = PNG_1X1, q: Partial<Declared> = {}): Promise<string> {
  const { key, url } = await presign(user, { file_size: data.length, ...q });
  const res = await put(url, data);
  expect(res.statusCode, res.body).toBe(200);
  return key;
}

const row = (key: string) => t.db.kysely.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
const fileOnDisk = (key: string) => path.join(t.dataDir, 'files', key);

const claim = (user: SignedUpUser, key: string, teamId = team.id, policies: readonly UploadPolicy[] = ['expression']) =>
  transact(t.db.kysely, (trx) => uploads.claim(trx, user.id, key, teamId, policies));

/** A claim refused with 422 on `media` with this message. */
async function expectRefusedClaim(work: Promise<unknown>, message: string) {
  await expect(work).rejects.toMatchObject({ statusCode: 422, message, errors: { media: [message] } });
}

describe('GET s3-upload-presigned-request', () => {
  it('gives a member a key under the team and a URL to PUT the file to, valid for 15 minutes', async () => {
    const before = Date.now();
    const res = await presignCall(member);
    expect(res.statusCode, res.body).toBe(200);
    const { key, url, expires_at, media_type } = res.json<{ data: PresignDto }>().data;
    expect(media_type).toBe('photo');
    expect(key).toMatch(new RegExp(`^uploads/${team.id}/[0-9a-f]{32}\\.png$`));
    expect(url).toMatch(new RegExp(`^/files/${key}\\?expires=\\d+&signature=[\\w-]+$`));
    const ttl = Date.parse(expires_at) - before;
    expect(ttl).toBeGreaterThan((Limits.uploadUrlTtlSeconds - 5) * 1000);
    expect(ttl).toBeLessThanOrEqual((Limits.uploadUrlTtlSeconds + 1) * 1000);
    expect(await row(key)).toMatchObject({
      user_id: member.id,
      team_id: team.id,
      policy: 'expression',
      media_type: 'photo',
      declared_size: PNG_1X1.length,
      declared_mime: 'image/png',
      completed_at: null,
      attached_at: null,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('.jpeg is stored as .jpg; video and audio get their kinds', async () => {
    expect((await presign(owner, { filename: 'Me.JPEG', mime_type: 'image/jpeg' })).key).toMatch(/\.jpg$/);
    const video = await presign(owner, {
      filename: 'v.mp4',
      mime_type: 'video/mp4',
      resource_policy: 'team.teamvideo',
    });
    expect((await row(video.key))?.media_type).toBe('video');
    const audio = await presign(owner, {
      filename: 'a.mp3',
      mime_type: 'audio/mpeg',
      resource_policy: 'team.celebration',
    });
    expect((await row(audio.key))?.media_type).toBe('audio');
  });

  it('not a member of the team: 404; no session: 401', async () => {
    expect((await presignCall(outsider)).statusCode).toBe(404);
    expect((await presignCall(owner, { resource_id: 999_999 })).statusCode).toBe(404);
    expect((await presignCall(undefined)).statusCode).toBe(401);
  });

  it('too big for its kind: 413 (photos 5 MB, audio 10 MB, video 50 MB)', async () => {
    for (const q of [
      { filename: 'p.png', mime_type: 'image/png', file_size: Limits.imageMaxBytes + 1 },
      { filename: 'a.mp3', mime_type: 'audio/mpeg', file_size: Limits.audioMaxBytes + 1 },
    ]) {
      const res = await presignCall(owner, q);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ message: PostMessages.uploadTooLarge, code: 'upload_too_large' });
    }
    expect(
      (await presignCall(owner, { filename: 'v.mp4', mime_type: 'video/mp4', file_size: Limits.videoMaxBytes }))
        .statusCode,
    ).toBe(200);
    // Past every kind's limit the query itself is invalid.
    expectInvalid(
      await presignCall(owner, { filename: 'v.mp4', mime_type: 'video/mp4', file_size: Limits.uploadMaxBytes + 1 }),
      'file_size',
      PostMessages.uploadTooLarge,
    );
  });

  it('another type of file, or a type that contradicts the name: 415', async () => {
    for (const q of [
      { filename: 'anim.gif', mime_type: 'image/gif' },
      { filename: 'page.html', mime_type: 'text/html' },
      { filename: 'photo.png', mime_type: 'video/mp4' },
    ]) {
      const res = await presignCall(owner, q);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().message).toBe(PostMessages.uploadTypeUnsupported);
    }
    const res = await presignCall(owner, { resource_policy: 'team.teamvideo' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(PostMessages.uploadVideoOnly);
  });

  it('bad parameters: 422 with the field', async () => {
    expectInvalid(await presignCall(owner, { filename: '' }), 'filename', PostMessages.uploadFilenameRequired);
    expectInvalid(await presignCall(owner, { file_size: 0 }), 'file_size', PostMessages.uploadSizeRequired);
    expectInvalid(
      await presignCall(owner, { resource_type: 'user' }),
      'resource_type',
      PostMessages.uploadResourceInvalid,
    );
    expectInvalid(
      await presignCall(owner, { resource_policy: 'avatar' }),
      'resource_policy',
      PostMessages.uploadResourceInvalid,
    );
    expect((await presignCall(owner, { resource_id: 'abc' })).statusCode).toBe(422);
  });
});

describe('PUT to the upload URL (local storage)', () => {
  it('takes the bytes whatever the Content-Type, and the file reads back at a signed URL', async () => {
    const { key, url } = await presign(member, { file_size: PNG_1X1.length });
    const res = await put(url, PNG_1X1, { 'content-type': 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ key, media_type: 'photo' });
    // What is stored is the picture re-encoded (issue 20): the same pixels, its own bytes.
    const stored = readFileSync(fileOnDisk(key));
    expect(await row(key)).toMatchObject({ stored_size: stored.length, completed_at: expect.any(String) });
    expect(await samePixels(stored, PNG_1X1)).toBe(true);

    const read = uploads.urlOf(key)!;
    expect(read).toMatch(new RegExp(`^/files/${key}\\?expires=\\d+&signature=`));
    const served = await fetchFile(read);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(stored)).toBe(true);
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves byte ranges (video and audio seeking)', async () => {
    const mp4 = sampleFile('mp4', 4096);
    const key = await uploaded(owner, mp4, { filename: 'clip.mp4', mime_type: 'video/mp4' });
    const res = await fetchFile(uploads.urlOf(key)!, { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-range']).toBe('bytes 100-199/4096');
    expect(res.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
  });

  it('a PNG named .mp4 is 415 and leaves nothing behind; the right file may follow', async () => {
    const png = sampleFile('png', 4096);
    const { key, url } = await presign(owner, { filename: 'clip.mp4', mime_type: 'video/mp4', file_size: png.length });
    const res = await put(url, png, { 'content-type': 'video/mp4' });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ message: PostMessages.uploadContentMismatch, code: 'upload_content_mismatch' });
    expect(existsSync(fileOnDisk(key))).toBe(false);
    expect(readdirSync(path.dirname(fileOnDisk(key))).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect((await row(key))?.completed_at).toBeNull();

    expect((await put(url, sampleFile('mp4', png.length))).statusCode).toBe(200);
  });

  it('text named .png, and a tiny file, are 415 too', async () => {
    const text = Buffer.from('<script>alert(1)</script> not an image at all');
    const { url } = await presign(owner, { file_size: text.length });
    expect((await put(url, text)).statusCode).toBe(415);
    const tiny = Buffer.from([0x89, 0x50]);
    const small = await presign(owner, { file_size: tiny.length });
    expect((await put(small.url, tiny)).statusCode).toBe(415);
  });

  it('an expired, tampered or borrowed signature is 403', async () => {
    const { key, url } = await presign(owner);
    const expect403 = async (target: string) => {
      const res = await put(target, PNG_1X1);
      expect(res.statusCode, `${target} ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ message: PostMessages.uploadExpired, code: 'upload_url_expired' });
    };
    const past = Math.floor(Date.now() / 1000) - 1;
    await expect403(signer.url('PUT', key, past));
    await expect403(url.replace(/signature=.{4}/, 'signature=AAAA'));
    await expect403(url.replace(/expires=\d+/, (m) => `expires=${Number(m.slice(8)) + 1}`));
    // A read URL of the key is no write URL; another key's signature fits no other key.
    await expect403(signer.readUrl(key).replace('/files/', '/files/'));
    const other = await presign(owner);
    await expect403(`/files/${other.key}?${url.split('?')[1]}`);
    await expect403(`/files/${key}`);
    expect((await row(key))?.completed_at).toBeNull();
  });

  it('a body bigger than declared is refused (413), whether it says so or not', async () => {
    const { key, url } = await presign(owner, { file_size: 100 });
    const big = sampleFile('png', 101);
    const declaredBig = await put(url, big);
    expect(declaredBig.statusCode, declaredBig.body).toBe(413);
    expect(declaredBig.json().message).toBe(PostMessages.uploadTooLarge);
    // Streamed without a length: cut at the first byte past the declared size.
    const streamed = await put(url, Readable.from([big.subarray(0, 60), big.subarray(60)]), {
      'transfer-encoding': 'chunked',
    });
    expect(streamed.statusCode, streamed.body).toBe(413);
    expect(existsSync(fileOnDisk(key))).toBe(false);
    expect((await row(key))?.completed_at).toBeNull();
  });

  it('a body shorter than declared is refused (400) and leaves nothing behind', async () => {
    const { key, url } = await presign(owner, { file_size: 500 });
    const res = await put(url, sampleFile('png', 400));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(PostMessages.uploadIncomplete);
    expect(existsSync(fileOnDisk(key))).toBe(false);
  });

  it('a key takes its bytes once (409 after)', async () => {
    const { url } = await presign(owner);
    expect((await put(url, PNG_1X1)).statusCode).toBe(200);
    const again = await put(url, PNG_1X1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PostMessages.uploadAlreadyReceived);
  });
});

const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

/** An EXIF block that points to a GPS IFD (tag 0x8825, either byte order). */
const hasGpsIfd = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

/** Presigns a file of this name and type and PUTs `data` to it; the PUT's answer and the key. */
async function putAs(data: Buffer, filename: string, mime_type: string, resource_policy = 'expression') {
  const { key, url } = await presign(una, { filename, mime_type, file_size: data.length, resource_policy });
  return { key, res: await put(url, data, { 'content-type': mime_type }) };
}

/**
 * Refused as a file that is not what it says (422 on `media`; a video or audio file with
 * `PromptMessages.noPlayableStream`), and nothing of it is stored.
 */
async function expectRefusedContent(
  { key, res }: { key: string; res: Awaited<ReturnType<typeof put>> },
  message: string = PostMessages.uploadContentMismatch,
) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toMatchObject({ message, errors: { media: [message] } });
  expect(existsSync(fileOnDisk(key))).toBe(false);
  expect(readdirSync(path.dirname(fileOnDisk(key))).filter((f) => f.endsWith('.part'))).toEqual([]);
  expect((await row(key))?.completed_at).toBeNull();
}

describe('the whole content is judged, not its first bytes (issue 20)', () => {
  it('a PNG header followed by HTML is refused (422) and nothing is stored', async () => {
    await expectRefusedContent(await putAs(Buffer.concat([PNG_1X1.subarray(0, 16), HTML]), 'photo.png', 'image/png'));
  });

  it('a picture that is cut off, or a JPEG header followed by HTML, is refused', async () => {
    await expectRefusedContent(await putAs(PNG_1X1.subarray(0, 40), 'photo.png', 'image/png'));
    const jpeg = sampleFile('jpg');
    await expectRefusedContent(await putAs(Buffer.concat([jpeg.subarray(0, 20), HTML]), 'photo.jpg', 'image/jpeg'));
  });

  it('a JPEG with GPS EXIF is stored upright, still a JPEG, without any EXIF', async () => {
    // 8×4 pixels, EXIF orientation 6 (rotate 90°) and a GPS position, as a phone writes them.
    const photo = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 3/1',
        },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before).toMatchObject({ format: 'jpeg', orientation: 6, width: 8, height: 4 });
    expect(hasGpsIfd(before.exif)).toBe(true);

    const { key, res } = await putAs(photo, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const served = await fetchFile(uploads.urlOf(key)!);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(served.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(hasGpsIfd(served.rawPayload)).toBe(false);
    expect(after.orientation).toBeUndefined();
    expect(after).toMatchObject({ format: 'jpeg', width: 4, height: 8 });
    expect((await row(key))?.stored_size).toBe(served.rawPayload.length);
  });

  it('a picture of more pixels than the limit (a decompression bomb) is refused', async () => {
    // 8,000 × 7,000 of one colour: a small file, 56 megapixels once decoded.
    const bomb = await sharp({
      create: { width: 8_000, height: 7_000, channels: 3, background: '#000' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(Limits.imageMaxBytes);
    await expectRefusedContent(await putAs(bomb, 'bomb.png', 'image/png'));
  });

  it('an MP4 ftyp header followed by HTML is refused; so is one cut off inside its movie box', async () => {
    const refused = PromptMessages.noPlayableStream;
    await expectRefusedContent(
      await putAs(Buffer.concat([MP4_CLIP.subarray(0, 32), HTML]), 'clip.mp4', 'video/mp4'),
      refused,
    );
    // The `moov` box cut off after its first bytes: no track can be read.
    await expectRefusedContent(await putAs(MP4_CLIP.subarray(0, 200), 'clip.mp4', 'video/mp4'), refused);
  });

  it('an MP3 frame header or ID3 tag followed by HTML is refused', async () => {
    const refused = PromptMessages.noPlayableStream;
    await expectRefusedContent(
      await putAs(Buffer.concat([MP3_NOTE.subarray(0, 4), HTML]), 'a.mp3', 'audio/mpeg'),
      refused,
    );
    const id3 = sampleFile('mp3').subarray(0, 10);
    await expectRefusedContent(await putAs(Buffer.concat([id3, HTML]), 'a.mp3', 'audio/mpeg'), refused);
  });

  it('a real tiny MP4 (H.264 and AAC) and MP3 are taken as they are, and claimed', async () => {
    for (const [data, filename, mime, policy, mediaType] of [
      [MP4_CLIP, 'clip.mp4', 'video/mp4', 'team.teamvideo', 'video'],
      [sampleFile('mp3'), 'note.mp3', 'audio/mpeg', 'expression', 'audio'],
      [MP3_NOTE, 'note.mp3', 'audio/mpeg', 'expression', 'audio'],
    ] as const) {
      const { key, res } = await putAs(data, filename, mime, policy);
      expect(res.statusCode, `${filename} ${res.body}`).toBe(200);
      expect(readFileSync(fileOnDisk(key)).equals(data)).toBe(true);
      expect(await claim(una, key, team.id, [policy])).toEqual({ key, media_type: mediaType });
    }
  });
});

describe('served files say how to show them (Content-Disposition)', () => {
  it('pictures, video and audio inline, with a safe filename', async () => {
    const photo = await uploaded(una);
    const served = await fetchFile(uploads.urlOf(photo)!);
    expect(served.headers['content-disposition']).toBe(`inline; filename="${path.basename(photo)}"`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const { key: clip } = await putAs(MP4_CLIP, 'clip.mp4', 'video/mp4');
    const video = await fetchFile(uploads.urlOf(clip)!, { range: 'bytes=0-99' });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-disposition']).toBe(`inline; filename="${path.basename(clip)}"`);
  });

  it('anything that is not a picture, video or audio is a download (attachment)', () => {
    expect(contentDispositionOfKey(`uploads/1/${'a'.repeat(32)}.mp3`)).toMatch(/^inline; /);
    expect(contentDispositionOfKey(`uploads/1/${'a'.repeat(32)}.webp`)).toMatch(/^inline; /);
    expect(contentDispositionOfKey(`uploads/1/${'a'.repeat(32)}.html`)).toBe(
      `attachment; filename="${'a'.repeat(32)}.html"`,
    );
    expect(contentDispositionOfKey('uploads/1/"x\r\n.bin')).toBe('attachment; filename="_x__.bin"');
  });
});

describe('signed read URLs', () => {
  it('work until they expire; a tampered one is 403; without a signature the file does not exist', async () => {
    const key = await uploaded(owner);
    const future = Math.floor(Date.now() / 1000) + 60;
    expect((await fetchFile(signer.url('GET', key, future))).statusCode).toBe(200);
    const expired = await fetchFile(signer.url('GET', key, Math.floor(Date.now() / 1000) - 1));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(PostMessages.uploadExpired);
    expect((await fetchFile(signer.url('PUT', key, future))).statusCode).toBe(403);
    expect((await fetchFile(uploads.urlOf(key)!.replace(/signature=.{4}/, 'signature=AAAA'))).statusCode).toBe(403);
    expect((await fetchFile(`/files/${key}`)).statusCode).toBe(404);
    expect((await fetchFile('/files/../app-secret')).statusCode).toBe(404);
    expect(uploads.urlOf(null)).toBeNull();
    // Presenters take it as a plain function.
    const { urlOf } = uploads;
    expect(urlOf(key)).toBe(uploads.urlOf(key));
  });

  it('team pictures are keys read through signed URLs too', async () => {
    const res = await postTeamAvatar(t, team.id, owner.token, PNG_1X1);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.avatar;
    expect(url).toMatch(/^\/files\/teams\/\d+\/[0-9a-f]{32}\.png\?expires=\d+&signature=/);
    expect(await samePixels((await fetchFile(url)).rawPayload, PNG_1X1)).toBe(true);
    expect((await fetchFile(url.split('?')[0]!)).statusCode).toBe(404);
    const stored = await t.db.kysely.selectFrom('teams').select('avatar').where('id', '=', team.id).executeTakeFirst();
    expect(stored?.avatar).toBe(url.slice('/files/'.length).split('?')[0]);
  });
});

describe('UploadsService.claim', () => {
  it('attaches an uploaded key once, for its uploader, team and policy', async () => {
    const key = await uploaded(member);
    expect(await claim(member, key)).toEqual({ key, media_type: 'photo' });
    expect((await row(key))?.attached_at).toEqual(expect.any(String));
    await expectRefusedClaim(claim(member, key), PostMessages.uploadAlreadyUsed);
  });

  it("someone else's key, or one for another team, is not found", async () => {
    const key = await uploaded(member);
    await expectRefusedClaim(claim(owner, key), PostMessages.uploadNotFound);
    await expectRefusedClaim(claim(member, key, otherTeam.id), PostMessages.uploadNotFound);
    await expectRefusedClaim(claim(member, 'uploads/1/nothing.png'), PostMessages.uploadNotFound);
    // Still the uploader's to attach.
    expect((await claim(member, key)).key).toBe(key);
  });

  it('a key presigned for another policy is refused', async () => {
    const key = await uploaded(member);
    await expectRefusedClaim(claim(member, key, team.id, ['team.teamvideo']), PostMessages.uploadKeyInvalid);
  });

  it('before its bytes arrived: incomplete', async () => {
    const { key } = await presign(member);
    await expectRefusedClaim(claim(member, key), PostMessages.uploadIncomplete);
  });

  it('a claim in a transaction that rolls back leaves the key free', async () => {
    const key = await uploaded(member);
    await expect(
      transact(t.db.kysely, async (trx) => {
        await uploads.claim(trx, member.id, key, team.id, ['expression']);
        throw new Error('the post failed');
      }),
    ).rejects.toThrow('the post failed');
    expect((await claim(member, key)).key).toBe(key);
  });
});

describe('removing stored files', () => {
  it('remove deletes the files and rows of keys; unknown keys are ignored', async () => {
    const key = await uploaded(member);
    const url = uploads.urlOf(key)!;
    await uploads.remove([key, 'not-a-key', `uploads/1/${'0'.repeat(32)}.png`]);
    expect((await fetchFile(url)).statusCode).toBe(404);
    expect(await row(key)).toBeUndefined();
  });

  it('uploads never attached are purged after a day; attached ones stay', async () => {
    const abandoned = await uploaded(member);
    const attached = await uploaded(member);
    await claim(member, attached);
    const old = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    await t.db.kysely
      .updateTable('uploads')
      .set({ created_at: old })
      .where('key', 'in', [abandoned, attached])
      .execute();
    expect(await uploads.purgeUnattached()).toBeGreaterThanOrEqual(1);
    expect(await row(abandoned)).toBeUndefined();
    expect(existsSync(fileOnDisk(abandoned))).toBe(false);
    expect(await row(attached)).toBeDefined();
    expect(existsSync(fileOnDisk(attached))).toBe(true);
  });

  it("erasing a deleted team removes its uploads' files (kept while it can be restored)", async () => {
    const doomed = await createTeam(t, owner);
    const key = await uploaded(owner, PNG_1X1, { resource_id: doomed.id });
    expect(existsSync(fileOnDisk(key))).toBe(true);
    expect((await t.api('DELETE', `user/team/${doomed.id}`, undefined, owner.token)).statusCode).toBe(200);
    expect(existsSync(fileOnDisk(key))).toBe(true);
    await ageDeletion(t, doomed.id, t.config.TEAM_RESTORE_DAYS + 1);
    await t.app.teamPurge.purgeExpired();
    expect(existsSync(fileOnDisk(key))).toBe(false);
  });
});

describe('configuration', () => {
  it('local disk by default; S3 keys come in pairs', () => {
    const base = { DATA_DIR: t.dataDir, APP_SECRET: 'k'.repeat(32) };
    const local = loadConfig(base);
    expect(local.S3_BUCKET).toBeUndefined();
    expect(local).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(
      loadConfig({ ...base, S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }),
    ).toMatchObject({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true });
  });
});

describe('per-user limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ LIMIT_UPLOADS_PER_MINUTE: '2' });
    return () => limited.close();
  });

  it('upload URLs are limited per user (429 past the limit), others unaffected', async () => {
    const a = await buildUser(limited);
    const b = await buildUser(limited);
    const teamA = await createTeam(limited, a);
    const teamB = await createTeam(limited, b);
    const ask = (u: SignedUpUser, teamId: number) =>
      limited.api(
        'GET',
        `s3-upload-presigned-request?filename=a.png&mime_type=image/png&file_size=10&resource_type=team&resource_id=${teamId}&resource_policy=expression`,
        undefined,
        u.token,
      );
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask(a, teamA.id)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await ask(b, teamB.id)).statusCode).toBe(200);
  });
});

describe('storage quotas (STORAGE_QUOTA_USER_MB, STORAGE_QUOTA_TEAM_MB)', () => {
  const MB = 1024 * 1024;
  let small: TestApp;
  beforeAll(async () => {
    small = await buildTestApp({ STORAGE_QUOTA_USER_MB: '2', STORAGE_QUOTA_TEAM_MB: '3' });
    return () => small.close();
  });

  const ask = (u: SignedUpUser, teamId: number, size: number) =>
    small.api(
      'GET',
      `s3-upload-presigned-request?filename=v.mp4&mime_type=video/mp4&file_size=${Math.round(size)}&resource_type=team&resource_id=${teamId}&resource_policy=expression`,
      undefined,
      u.token,
    );
  const rowsOf = async (userId: number) =>
    (await small.db.kysely.selectFrom('uploads').select('key').where('user_id', '=', userId).execute()).length;
  async function expectFull(res: Awaited<ReturnType<typeof ask>>, message: string) {
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ message });
  }

  it("a file that would pass the user's quota is refused (413) and nothing is recorded; freed bytes count again", async () => {
    const a = await buildUser(small);
    const teamA = await createTeam(small, a);
    expect((await ask(a, teamA.id, 1.5 * MB)).statusCode).toBe(200);
    const otherTeam = await createTeam(small, a);
    // The user's quota counts every team's files.
    await expectFull(await ask(a, otherTeam.id, 0.6 * MB), PostMessages.userStorageFull);
    expect(await rowsOf(a.id)).toBe(1);
    expect((await ask(a, otherTeam.id, 0.5 * MB)).statusCode).toBe(200);

    // Removing a file (a deleted post's) frees its bytes.
    const keys = await small.db.kysely.selectFrom('uploads').select('key').where('user_id', '=', a.id).execute();
    const files = await createUploads({
      config: small.config,
      db: small.db.kysely,
      access: new TeamAccess(new MembersRepository(small.db.kysely)),
      queue: small.app.queue,
    });
    await files.uploads.remove([keys[0]!.key]);
    expect((await ask(a, otherTeam.id, 1.4 * MB)).statusCode).toBe(200);
  });

  it("a file that would pass the team's quota is refused (413) for everyone in it", async () => {
    const coach = await buildUser(small);
    const b = await buildUser(small);
    const c = await buildUser(small);
    const shared = await createTeam(small, coach);
    await addMembers(small, shared.id, coach, [b, c]);
    expect((await ask(coach, shared.id, 1.5 * MB)).statusCode).toBe(200);
    expect((await ask(b, shared.id, 1.4 * MB)).statusCode).toBe(200);
    await expectFull(await ask(c, shared.id, 0.2 * MB), PostMessages.teamStorageFull);
    expect(await rowsOf(c.id)).toBe(0);
    // c's own space is free: another team takes the file.
    expect((await ask(c, (await createTeam(small, c)).id, 0.2 * MB)).statusCode).toBe(200);
  });

  it('profile and team pictures are refused when the storage is full', async () => {
    const d = await buildUser(small);
    const teamD = await createTeam(small, d);
    expect((await ask(d, teamD.id, 2 * MB - 40)).statusCode).toBe(200);
    const form = multipart([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', data: PNG_1X1 }]);
    const avatar = await small.api('POST', 'user/profile/avatar', form.payload, d.token, { headers: form.headers });
    await expectFull(avatar, PostMessages.userStorageFull);

    const coach = await buildUser(small);
    const e = await buildUser(small);
    const full = await createTeam(small, coach);
    await addMembers(small, full.id, coach, [e]);
    expect((await ask(e, full.id, 2 * MB)).statusCode).toBe(200);
    expect((await ask(coach, full.id, 1 * MB - 40)).statusCode).toBe(200);
    await expectFull(await postTeamAvatar(small, full.id, coach.token, PNG_1X1), PostMessages.teamStorageFull);
    expect(
      (await small.db.kysely.selectFrom('teams').select('avatar').where('id', '=', full.id).executeTakeFirst())?.avatar,
    ).toBeNull();
  });
});
