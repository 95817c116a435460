import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PresignDto, type UploadPolicy, PostMessages, PromptMessages } from '@rally/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { PNG_1X1, createTeam, postTeamAvatar } from '../../test/teams.js';
import { documentCsp } from '../../http/response-headers.js';
import { MembersRepository } from '../members/repository.js';
import { TeamAccess } from '../members/team-access.js';
import { S3Store } from './s3-store.js';
import type { UploadsService } from './service.js';
import { createUploads } from './setup.js';
import { MP4_CLIP, sampleFile, samePixels } from '../../test/samples.js';
import { transact } from '../../events/log.js';

/**
 * The S3 adapter against a local S3-compatible server (s3rver, see docs/dependencies.md) that
 * this file starts on a free port. Skipped, with the reason printed, when it cannot start.
 */
const BUCKET = 'rally-test';
const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-s3rver-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: BUCKET, configs: [] }],
});
const endpoint = await server.run().then(
  ({ port }) => `http://127.0.0.1:${port}`,
  (err: unknown) => {
    console.warn(`S3 adapter tests skipped: s3rver did not start (${String(err)})`);
    return undefined;
  },
);

afterAll(async () => {
  if (endpoint) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!endpoint)('S3-compatible storage (s3rver)', () => {
  let t: TestApp;
  let uploads: UploadsService;
  let store: S3Store;
  let owner: SignedUpUser;
  let teamId: number;

  const s3Env = () => ({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint!,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });

  beforeAll(async () => {
    t = await buildTestApp(s3Env());
    owner = await buildUser(t);
    teamId = (await createTeam(t, owner)).id;
    ({ uploads } = await createUploads({
      config: t.config,
      db: t.db.kysely,
      access: new TeamAccess(new MembersRepository(t.db.kysely)),
      queue: t.app.queue,
    }));
    store = new S3Store({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });
  afterAll(() => t?.close());

  async function presign(filename: string, mime: string, size: number, policy = 'expression'): Promise<PresignDto> {
    const q = new URLSearchParams({
      filename,
      mime_type: mime,
      file_size: String(size),
      resource_type: 'team',
      resource_id: String(teamId),
      resource_policy: policy,
    });
    const res = await t.api('GET', `s3-upload-presigned-request?${q.toString()}`, undefined, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: PresignDto }>().data;
  }

  /** The browser's PUT, straight to the bucket. */
  const putToBucket = (url: string, body: Buffer, contentType: string) =>
    fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });

  const claim = (key: string, policies: readonly UploadPolicy[] = ['expression']) =>
    transact(t.db.kysely, (trx) => uploads.claim(trx, owner.id, key, teamId, policies));

  const exists = async (key: string) =>
    store.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
      () => true,
      () => false,
    );

  /** Follows the app's signed read URL (a redirect) to the bucket. */
  async function read(url: string): Promise<Response> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    return fetch(String(res.headers.location));
  }

  it('round trip: presigned PUT to the bucket, claim (content checked), signed read redirected to the bucket', async () => {
    const photo = sampleFile('png', 3000);
    const { key, url } = await presign('photo.png', 'image/png', photo.length);
    expect(url.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
    // The bucket checks the declared type and size (they are signed).
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(new URL(url).searchParams.has('x-amz-checksum-crc32')).toBe(false);

    const put = await putToBucket(url, photo, 'image/png');
    expect(put.status, await put.text()).toBe(200);

    expect(await claim(key)).toEqual({ key, media_type: 'photo' });
    // The claim read the object back, re-encoded it and wrote it back (issue 20).
    const stored = await store.get(key);
    expect(stored.equals(photo)).toBe(false);
    expect(await samePixels(stored, photo)).toBe(true);
    const row = await t.db.kysely.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      stored_size: stored.length,
      completed_at: expect.any(String),
      attached_at: expect.any(String),
    });
    await expect(claim(key)).rejects.toMatchObject({ statusCode: 422, message: PostMessages.uploadAlreadyUsed });

    const got = await read(uploads.urlOf(key)!);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toBe(`inline; filename="${path.basename(key)}"`);
    expect(Buffer.from(await got.arrayBuffer()).equals(stored)).toBe(true);
  });

  it('an attached video is converted from and into the bucket: an H.264/AAC MP4 is remuxed with fast start, a poster beside it', async () => {
    const { key, url } = await presign('clip.mp4', 'video/mp4', MP4_CLIP.length);
    expect((await putToBucket(url, MP4_CLIP, 'video/mp4')).status).toBe(200);
    await claim(key); // queued on the app's work queue, woken at the commit
    await t.app.queue.idle();
    const row = await t.db.kysely.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ media_state: 'ready', playable_key: expect.stringMatching(/\.mp4$/) });
    expect(row.poster_key).toMatch(/\.jpg$/);
    const played = await read(uploads.urlOf(row.playable_key)!);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    const mp4 = Buffer.from(await played.arrayBuffer());
    // moov before mdat: the clip's boxes were reordered, its streams copied (16×16 H.264 stays so).
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    expect(await exists(row.poster_key!)).toBe(true);
    // Removing the upload removes what was made of it.
    await uploads.remove([key]);
    expect([await exists(key), await exists(row.playable_key!), await exists(row.poster_key!)]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('a PNG header followed by HTML, or an MP4 ftyp followed by HTML, is refused when claimed and deleted', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>');
    for (const [data, name, mime, message] of [
      [Buffer.concat([PNG_1X1.subarray(0, 16), html]), 'photo.png', 'image/png', PostMessages.uploadContentMismatch],
      [Buffer.concat([MP4_CLIP.subarray(0, 32), html]), 'clip.mp4', 'video/mp4', PromptMessages.noPlayableStream],
    ] as const) {
      const { key, url } = await presign(name, mime, data.length);
      expect((await putToBucket(url, data, mime)).status).toBe(200);
      await expect(claim(key)).rejects.toMatchObject({ statusCode: 422, message, errors: { media: [message] } });
      expect(await exists(key)).toBe(false);
      const row = await t.db.kysely.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
      expect(row).toMatchObject({ completed_at: null, attached_at: null });
    }
  });

  it('a PNG named .mp4 is refused when claimed, and the object deleted', async () => {
    const png = sampleFile('png', 1000);
    const { key, url } = await presign('clip.mp4', 'video/mp4', png.length);
    expect((await putToBucket(url, png, 'video/mp4')).status).toBe(200);
    expect(await exists(key)).toBe(true);
    await expect(claim(key)).rejects.toMatchObject({
      statusCode: 422,
      message: PostMessages.uploadContentMismatch,
      errors: { media: [PostMessages.uploadContentMismatch] },
    });
    expect(await exists(key)).toBe(false);
  });

  it('an object bigger than declared is refused and deleted (the size is checked, not only signed)', async () => {
    const { key, url } = await presign('voice.mp3', 'audio/mpeg', 100);
    // s3rver does not enforce the signed Content-Length as S3 does; the claim checks it anyway.
    const res = await putToBucket(url, sampleFile('mp3'), 'audio/mpeg');
    if (res.status !== 200) return; // a stricter server refused it already
    await expect(claim(key)).rejects.toMatchObject({ statusCode: 422, message: PostMessages.uploadTooLarge });
    expect(await exists(key)).toBe(false);
  });

  it('a claim before the PUT is incomplete; the good file may still follow', async () => {
    const mp4 = sampleFile('mp4');
    const { key, url } = await presign('clip.mp4', 'video/mp4', mp4.length, 'team.teamvideo');
    await expect(claim(key, ['team.teamvideo'])).rejects.toMatchObject({ message: PostMessages.uploadIncomplete });
    expect((await putToBucket(url, mp4, 'video/mp4')).status).toBe(200);
    expect(await claim(key, ['team.teamvideo'])).toEqual({ key, media_type: 'video' });
  });

  it('team pictures go to the bucket and read through the app', async () => {
    const res = await postTeamAvatar(t, teamId, owner.token, PNG_1X1);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.avatar;
    const got = await read(url);
    expect(got.status).toBe(200);
    expect(await samePixels(Buffer.from(await got.arrayBuffer()), PNG_1X1)).toBe(true);
  });

  it('remove deletes objects; the app takes no PUTs of its own', async () => {
    const photo = sampleFile('jpg', 300);
    const { key, url } = await presign('p.jpg', 'image/jpeg', photo.length);
    expect((await putToBucket(url, photo, 'image/jpeg')).status).toBe(200);
    const appPut = await t.app.inject({ method: 'PUT', url: `/files/${key}?expires=1&signature=x`, payload: photo });
    expect(appPut.statusCode).toBe(404);
    await uploads.remove([key]);
    expect(await exists(key)).toBe(false);
  });

  it("the page may load from and PUT to the bucket's origin", async () => {
    const origin = await store.origin();
    expect(origin).toBe(endpoint);
    const csp = documentCsp([origin]);
    for (const directive of ['img-src', 'media-src', 'connect-src'])
      expect(csp).toMatch(new RegExp(`${directive} 'self'[^;]* ${origin}(;|$)`));
  });
});
