import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PromptMessages, type CommentDto, type PostDto, type TeamDto } from '@rally/contract';
import { liveOf } from '../../realtime/consumer.js';
import { buildTestApp, capturedLog, useTestApp, type TestApp } from '../../test/app.js';
import { spawnChild } from '../../test/child-app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { buildTeam, putTeamFile as upload, seatMembers, uploadTeamFile as uploaded } from '../../test/teams.js';
import { conversionKey, MEDIA_CONVERT } from './conversion.js';
import { probe } from './probe.js';
import { resolveMediaTools } from './tools.js';

const run = promisify(execFile);
const CONVERT_PROCESS = fileURLToPath(new URL('./testing/convert-process.ts', import.meta.url));
const ATTACH_PROCESS = fileURLToPath(new URL('./testing/attach-process.ts', import.meta.url));

/** The ffmpeg the apps of this file use: FFMPEG_PATH / FFPROBE_PATH of the run, or the npm packages'. */
const chosen: Record<string, string> = Object.fromEntries(
  (['FFMPEG_PATH', 'FFPROBE_PATH'] as const).flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
);
const tools = resolveMediaTools(chosen);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'rally-media-test-'));

/** An executable shell script standing for ffmpeg. */
function script(name: string, body: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}
/** The real ffmpeg a little later: the test reads the `encoding` state before the job is done. */
const lateFfmpeg = script('late-ffmpeg', `sleep 0.4\nexec "${tools.ffmpeg}" "$@"`);
/** An ffmpeg that never finishes; it writes its pid first (the crash test kills it). */
const stuckFfmpeg = (pidFile: string) =>
  script(`stuck-${path.basename(pidFile)}`, `echo $$ >> "${pidFile}"\nexec sleep 30`);

/** Media made by the test with ffmpeg, written to a pipe as a browser's recorder writes (no index, no duration). */
async function record(args: string[]): Promise<Buffer> {
  const { stdout } = await run(tools.ffmpeg, ['-v', 'error', ...args, '-f', 'webm', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}
const VIDEO_IN = (seconds: number, size = '320x240', rate = 25) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc=size=${size}:rate=${rate}`,
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440:sample_rate=48000',
  '-t',
  String(seconds),
];
/** ~2 s of 320×240 VP8 with Opus sound, as Chromium and Firefox record. */
const webmVideo = () => record([...VIDEO_IN(2), '-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus']);
const webmAudio = (seconds: number) =>
  record(['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000', '-t', String(seconds), '-c:a', 'libopus']);

/** The top-level boxes of an MP4, in order. */
function boxes(mp4: Buffer): string[] {
  const out: string[] = [];
  for (let at = 0; at + 8 <= mp4.length;) {
    let size = mp4.readUInt32BE(at);
    const type = mp4.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(mp4.readBigUInt64BE(at + 8));
    out.push(type);
    if (size < 8) break;
    at += size;
  }
  return out;
}

async function probeBuffer(data: Buffer, ext: string) {
  const file = path.join(mkdtempSync(path.join(scratch, 'probe-')), `f.${ext}`);
  writeFileSync(file, data);
  return probe(tools, file);
}

/** A text post, or a celebration when it has a file. */
const createPost = async (
  t: TestApp,
  teamId: number,
  user: SignedUpUser,
  body: { content?: string; media?: string; media_type?: string },
) => {
  const res = await t.api('POST', `user/team/${teamId}/${body.media ? 'celebration' : 'posts'}`, body, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: PostDto }>().data;
};
const comment = async (t: TestApp, teamId: number, postId: number, user: SignedUpUser, body: object) => {
  const res = await t.api('POST', `user/team/${teamId}/post/${postId}/expression`, body, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: CommentDto }>().data;
};
const commentsOf = async (t: TestApp, teamId: number, postId: number, user: SignedUpUser) => {
  const res = await t.api('GET', `user/team/${teamId}/post/${postId}/expression?page=1`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CommentDto[] }>().data;
};
const getPost = async (t: TestApp, teamId: number, postId: number, user: SignedUpUser) => {
  const res = await t.api('GET', `user/team/${teamId}/posts/${postId}`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PostDto }>().data;
};
const timelinePost = async (t: TestApp, teamId: number, postId: number, user: SignedUpUser) => {
  const res = await t.api('GET', `user/team/${teamId}/timeline?page=1`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PostDto[] }>().data.find((p) => p.id === postId)!;
};
const fetchFile = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });
/** The conversion job of an upload (queued, running or failed: a done job's row goes). */
const jobOf = (t: TestApp, key: string) =>
  t.db.kysely
    .selectFrom('jobs')
    .selectAll()
    .where('queue', '=', MEDIA_CONVERT)
    .where('key', '=', conversionKey(key))
    .executeTakeFirst();
const uploadRow = (t: TestApp, key: string) =>
  t.db.kysely.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const mediaEvents = async (t: TestApp) =>
  (await t.db.kysely.selectFrom('events').select('payload').where('type', '=', 'media.ready').execute()).map(
    (r) => JSON.parse(r.payload) as { team_id: number; post_id: number | null },
  );

describe('recordings are converted on the server (issue 22)', () => {
  const t = useTestApp({ ...chosen, FFMPEG_PATH: lateFfmpeg });
  let coach: SignedUpUser;
  let mina: SignedUpUser;
  let team: TeamDto;

  beforeAll(async () => {
    coach = await buildUser(t, { first_name: 'Cora' });
    mina = await buildUser(t, { first_name: 'Mina' });
    team = await buildTeam(t, coach, 'Media Team');
    await seatMembers(t, team.id, [{ user: mina, role: 4 }]);
  });

  it('a WebM video post (VP8/Opus) encodes, then plays as a fast-start H.264/AAC MP4 with a JPEG poster', async () => {
    const webm = await webmVideo();
    expect(webm.length).toBeLessThan(200_000);
    const key = await uploaded(
      t,
      mina,
      team.id,
      webm,
      'recording.webm',
      'video/webm;codecs=vp8,opus',
      'team.celebration',
    );
    expect(key).toMatch(/\.webm$/);

    const created = await createPost(t, team.id, mina, { content: 'My answer', media: key, media_type: 'video' });
    expect(created.data).toMatchObject({ media: null, media_type: 'video', media_status: 'encoding', poster: null });
    // Every way the post is read says so while the job runs (the timeline page is cached here).
    expect((await timelinePost(t, team.id, created.id, coach)).data).toMatchObject({
      media: null,
      media_status: 'encoding',
    });
    expect((await getPost(t, team.id, created.id, coach)).data.media_status).toBe('encoding');
    // Its job was queued with the post, on the work queue.
    expect(JSON.parse((await jobOf(t, key))!.payload)).toEqual({ source_key: key, team_id: team.id });

    await t.app.queue.idle();
    // Done at the first attempt: its row is gone, none failed, one media.ready (below).
    expect(await jobOf(t, key)).toBeUndefined();
    expect(await t.app.queue.failed(MEDIA_CONVERT)).toEqual([]);

    // The cached timeline page does not keep serving `encoding`.
    const seen = (await timelinePost(t, team.id, created.id, coach)).data;
    expect(seen).toMatchObject({ media_type: 'video', media_status: 'ready' });
    expect(seen.media).toMatch(/^\/files\/uploads\/\d+\/[0-9a-f]{32}\.mp4\?/);
    expect(seen.poster).toMatch(/^\/files\/uploads\/\d+\/[0-9a-f]{32}\.jpg\?/);
    expect((await getPost(t, team.id, created.id, coach)).data).toMatchObject({
      media: seen.media,
      poster: seen.poster,
    });

    const mp4 = await fetchFile(t, seen.media!);
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    const found = await probeBuffer(mp4.rawPayload, 'mp4');
    expect(found).toMatchObject({
      video: { codec: 'h264', width: 320, height: 240, pixFmt: 'yuv420p' },
      audio: { codec: 'aac' },
    });
    expect(found.duration).toBeGreaterThan(1.8);
    expect(found.duration).toBeLessThan(2.3);
    // Fast start: the index (moov) comes before the media data.
    const order = boxes(mp4.rawPayload);
    expect(order.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('moov')).toBeLessThan(order.indexOf('mdat'));
    expect((await uploadRow(t, key)).duration_ms).toBeGreaterThan(1800);

    const poster = await fetchFile(t, seen.poster!);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });

    // Members were told, with the post to refetch.
    const told = (await mediaEvents(t)).filter((e) => e.post_id === created.id);
    expect(told).toEqual([{ type: 'media.ready', team_id: team.id, post_id: created.id }]);
    expect(liveOf(told[0] as never)).toEqual({ type: 'media.ready', team_id: team.id, post_id: created.id });
  }, 30_000);

  it('a WebM audio comment becomes AAC in MP4 (.m4a, audio/mp4), without a poster; its post is named', async () => {
    const target = await createPost(t, team.id, coach, { content: 'Say it out loud' });
    const key = await uploaded(t, mina, team.id, await webmAudio(3), 'voice.webm', 'audio/webm');
    expect(key).toMatch(/\.weba$/);
    const said = await comment(t, team.id, target.id, mina, { media: key, media_type: 'audio' });
    expect(said).toMatchObject({ media: null, media_type: 'audio', media_status: 'encoding' });

    await t.app.queue.idle();
    const [done] = await commentsOf(t, team.id, target.id, coach);
    expect(done).toMatchObject({ id: said.id, media_status: 'ready', poster: null });
    expect(done!.media).toMatch(/\.m4a\?/);
    const file = await fetchFile(t, done!.media!);
    expect(file.headers['content-type']).toBe('audio/mp4');
    const found = await probeBuffer(file.rawPayload, 'm4a');
    expect(found.video).toBeUndefined();
    expect(found.audio).toEqual({ codec: 'aac' });
    expect((await mediaEvents(t)).some((e) => e.post_id === target.id)).toBe(true);
  }, 30_000);

  it("Safari's MP4 audio recording is taken as audio; a picked MP3 plays as it is (no job)", async () => {
    const m4aFile = path.join(scratch, 'safari.mp4');
    await run(tools.ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=550',
      '-t',
      '1',
      '-c:a',
      'aac',
      m4aFile,
    ]);
    const safari = await uploaded(t, mina, team.id, readFileSync(m4aFile), 'recording.mp4', 'audio/mp4');
    expect(safari).toMatch(/\.m4a$/);
    const target = await createPost(t, team.id, coach, { content: 'Voices please' });
    // Held, so what was queued can be seen before it runs (a done job's row goes).
    t.app.queue.hold(MEDIA_CONVERT);
    expect(await comment(t, team.id, target.id, mina, { media: safari, media_type: 'audio' })).toMatchObject({
      media_status: 'encoding',
    });

    const mp3 = await uploaded(
      t,
      mina,
      team.id,
      readFileSync(new URL('../uploads/fixtures/note.mp3', import.meta.url)),
      'n.mp3',
      'audio/mpeg',
    );
    const picked = await comment(t, team.id, target.id, mina, { media: mp3, media_type: 'audio' });
    expect(picked.media_status).toBe('ready');
    expect(picked.media).toMatch(/\.mp3\?/);
    expect(await jobOf(t, mp3)).toBeUndefined();
    expect((await jobOf(t, safari))?.state).toBe('queued');
    t.app.queue.resume(MEDIA_CONVERT);
    await t.app.queue.idle();
    expect(await jobOf(t, safari)).toBeUndefined();
    expect((await uploadRow(t, safari)).media_state).toBe('ready');
  }, 30_000);

  it('refused: a renamed text file, a WebM header before text, a video over 60 s, audio over 10 s', async () => {
    const text = Buffer.from('Just some notes, not a recording at all.\n'.repeat(20));
    expect((await upload(t, mina, team.id, text, 'clip.webm', 'video/webm')).res.statusCode).toBe(415);
    const fake = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), text]);
    const notPlayable = (await upload(t, mina, team.id, fake, 'clip.webm', 'video/webm')).res;
    expect(notPlayable.statusCode).toBe(422);
    expect(notPlayable.json()).toMatchObject({ errors: { media: [PromptMessages.noPlayableStream] } });

    const long = await record([
      ...VIDEO_IN(62, '64x48', 5),
      '-c:v',
      'libvpx',
      '-b:v',
      '50k',
      '-c:a',
      'libopus',
      '-b:a',
      '16k',
    ]);
    const tooLong = (await upload(t, mina, team.id, long, 'long.webm', 'video/webm')).res;
    expect(tooLong.statusCode, tooLong.body).toBe(422);
    expect(tooLong.json()).toMatchObject({
      message: PromptMessages.videoTooLong,
      errors: { media: [PromptMessages.videoTooLong] },
    });

    const talk = (await upload(t, mina, team.id, await webmAudio(11.5), 'talk.webm', 'audio/webm')).res;
    expect(talk.statusCode, talk.body).toBe(422);
    expect(talk.json()).toMatchObject({ errors: { media: [PromptMessages.audioTooLong] } });
    // Within the limit and its second of slack: taken.
    expect((await upload(t, mina, team.id, await webmAudio(10.5), 'ok.webm', 'audio/webm')).res.statusCode).toBe(200);
  }, 60_000);
});

describe('a conversion that cannot be done', () => {
  const t = useTestApp({
    ...chosen,
    FFMPEG_PATH: script('broken-ffmpeg', 'echo "Conversion failed!" >&2\nexit 1'),
    MEDIA_JOB_RETRY_MS: '0',
  });

  it('is tried 3 times, then the upload is failed: no media, status failed, members told', async () => {
    const coach = await buildUser(t);
    const team = await buildTeam(t, coach, 'Broken Team');
    const target = await createPost(t, team.id, coach, { content: 'Try me' });
    const key = await uploaded(t, coach, team.id, await webmVideo(), 'r.webm', 'video/webm');
    await comment(t, team.id, target.id, coach, { media: key, media_type: 'video' });

    await expect.poll(async () => (await jobOf(t, key))?.state, { timeout: 10_000 }).toBe('failed');
    expect(await jobOf(t, key)).toMatchObject({
      attempts: 3,
      last_error: expect.stringContaining('Conversion failed!'),
    });
    expect((await uploadRow(t, key)).media_state).toBe('failed');
    const [shown] = await commentsOf(t, team.id, target.id, coach);
    expect(shown).toMatchObject({ media: null, media_status: 'failed', poster: null });
    expect(await mediaEvents(t)).toEqual([{ type: 'media.ready', team_id: team.id, post_id: target.id }]);
  }, 30_000);
});

describe('a post deleted before or while its file converts', () => {
  /** ffmpeg once `gate` exists; each run notes its pid as it starts. */
  const gate = path.join(scratch, 'go');
  const started = path.join(scratch, 'gated.pid');
  const t = useTestApp({
    ...chosen,
    FFMPEG_PATH: script(
      'gated-ffmpeg',
      `echo $$ >> "${started}"\nwhile [ ! -f "${gate}" ]; do sleep 0.05; done\nexec "${tools.ffmpeg}" "$@"`,
    ),
  });

  it('its job does nothing more and leaves no file, event or failed job behind', async () => {
    const coach = await buildUser(t);
    const team = await buildTeam(t, coach, 'Deleting Team');
    const webm = await webmVideo();
    const folder = path.join(t.dataDir, 'files', 'uploads', String(team.id));
    const remove = async (postId: number) => {
      const res = await t.api('DELETE', `user/team/${team.id}/posts/${postId}`, undefined, coach.token);
      expect(res.statusCode, res.body).toBe(200);
    };
    const ran = () => (existsSync(started) ? readFileSync(started, 'utf8').split('\n').filter(Boolean) : []);

    // Before: the job waits (held) while the post goes with its upload; it then runs no ffmpeg.
    t.app.queue.hold(MEDIA_CONVERT);
    const early = await uploaded(t, coach, team.id, webm, 'early.webm', 'video/webm', 'team.celebration');
    const first = await createPost(t, team.id, coach, { content: 'Soon gone', media: early, media_type: 'video' });
    expect((await jobOf(t, early))?.state).toBe('queued');
    await remove(first.id);
    // Left to its handler, which finds the upload gone.
    expect((await jobOf(t, early))?.state).toBe('queued');
    t.app.queue.resume(MEDIA_CONVERT);
    await t.app.queue.idle();
    expect(await jobOf(t, early)).toBeUndefined();
    expect(ran()).toEqual([]);

    // While: its ffmpeg is under way when the post goes; what it makes is removed, nothing recorded.
    const late = await uploaded(t, coach, team.id, webm, 'late.webm', 'video/webm', 'team.celebration');
    const second = await createPost(t, team.id, coach, { content: 'Gone too', media: late, media_type: 'video' });
    await expect.poll(() => ran().length, { timeout: 20_000 }).toBe(1);
    await remove(second.id);
    writeFileSync(gate, '');
    await t.app.queue.idle();
    expect(ran().length).toBeGreaterThanOrEqual(2); // it went on: transcode, then poster
    expect(await jobOf(t, late)).toBeUndefined();
    expect(await t.app.queue.failed(MEDIA_CONVERT)).toEqual([]);
    expect((await mediaEvents(t)).filter((e) => e.team_id === team.id)).toEqual([]);
    expect(await t.db.kysely.selectFrom('uploads').select('key').where('team_id', '=', team.id).execute()).toEqual([]);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  }, 60_000);
});

describe('MEDIA_JOB_CONCURRENCY', () => {
  /** Each ffmpeg run notes how many runs are under way as it starts (its own included). */
  const running = path.join(scratch, 'running');
  const counts = path.join(scratch, 'counts');
  const t = useTestApp({
    ...chosen,
    FFMPEG_PATH: script(
      'counting-ffmpeg',
      [
        `mkdir -p "${running}"`,
        `touch "${running}/$$"`,
        `ls "${running}" | wc -l >> "${counts}"`,
        'sleep 0.3',
        `"${tools.ffmpeg}" "$@"`,
        'code=$?',
        `rm -f "${running}/$$"`,
        'exit $code',
      ].join('\n'),
    ),
  });

  it('bounds the conversions running at once (1 by default); every job ends done', async () => {
    const coach = await buildUser(t);
    const team = await buildTeam(t, coach, 'Busy Team');
    const target = await createPost(t, team.id, coach, { content: 'Send answers' });
    const webm = await webmVideo();
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) keys.push(await uploaded(t, coach, team.id, webm, `r${i}.webm`, 'video/webm'));
    let most = 0;
    for (const key of keys) await comment(t, team.id, target.id, coach, { media: key, media_type: 'video' });
    await expect
      .poll(
        async () => {
          const running = await t.db.kysely
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('queue', '=', MEDIA_CONVERT)
            .where('state', '=', 'running')
            .executeTakeFirstOrThrow();
          most = Math.max(most, Number(running.n));
          const left = await Promise.all(keys.map((k) => jobOf(t, k)));
          const uploads = await Promise.all(keys.map((k) => uploadRow(t, k)));
          return left.every((j) => j === undefined) && uploads.every((u) => u.media_state === 'ready');
        },
        // Three conversions one after another: seconds each on a loaded machine.
        { timeout: 60_000, interval: 20 },
      )
      .toBe(true);
    expect(most).toBe(1);
    // Every ffmpeg run (a transcode and a poster per video) started with no other under way.
    const overlaps = readFileSync(counts, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(overlaps.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...overlaps)).toBe(1);
  }, 90_000);
});

/** The pids a stuck ffmpeg wrote to `file`. */
const pidsIn = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
/** Whether a process runs (a killed child of this one has been reaped already). */
const alive = (pid: string) => {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch {
    return false;
  }
};
const killAll = (pids: string[]) => {
  for (const pid of pids)
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Killed with its app already.
    }
};
/** The lines the app logged on a conversion's end. */
const conversionsIn = (lines: { msg: string }[]) => lines.filter((l) => l.msg === 'media converted');

describe('a restart during a transcode loses nothing', () => {
  const opened: TestApp[] = [];
  afterAll(async () => {
    for (const app of opened.reverse()) await app.close();
  });

  it('a clean close hands the job back; a killed process leaves it to the next one after its lease', async () => {
    const pidFile = path.join(scratch, 'stuck.pid');
    const stuck = stuckFfmpeg(pidFile);
    const pids = () => pidsIn(pidFile);
    const first = await buildTestApp({ ...chosen, FFMPEG_PATH: stuck }, { keep: true });
    const coach = await buildUser(first);
    const team = await buildTeam(first, coach, 'Restart Team');
    const target = await createPost(first, team.id, coach, { content: 'Answer here' });
    const key = await uploaded(first, coach, team.id, await webmVideo(), 'r.webm', 'video/webm');
    await comment(first, team.id, target.id, coach, { media: key, media_type: 'video' });
    // This process took it (its queue's lease holder is named by its pid) and its ffmpeg runs.
    await expect.poll(async () => (await jobOf(first, key))?.leased_by).toMatch(new RegExp(`^${process.pid}-`));
    await expect.poll(() => pids().length, { timeout: 10_000 }).toBe(1);

    // A clean close kills its ffmpeg and gives the job (and its attempt) back at once.
    await first.close();
    expect(alive(pids()[0]!)).toBe(false);
    // The apps that only read here never finish a job (their ffmpeg is stuck too, its pids elsewhere).
    const reader = stuckFfmpeg(path.join(scratch, 'reader.pid'));
    const reopened = await buildTestApp(
      { ...chosen, FFMPEG_PATH: reader },
      { dataDir: first.dataDir, pgSchema: first.pgSchema, keep: true },
    );
    await reopened.app.queue.close();
    expect(await jobOf(reopened, key)).toMatchObject({ state: 'queued', attempts: 0, leased_by: null });
    await reopened.close();

    // A process takes it and is killed mid-conversion (SIGKILL): its lease stays behind.
    const child = spawnChild(CONVERT_PROCESS, [first.dataDir, first.pgSchema ?? '-', stuck, '1000']);
    const fresh = await buildTestApp(
      { ...chosen, FFMPEG_PATH: reader },
      { dataDir: first.dataDir, pgSchema: first.pgSchema },
    );
    opened.push(fresh);
    await fresh.app.queue.close();
    await expect
      .poll(async () => (await jobOf(fresh, key))?.state, { timeout: 20_000 })
      .toBe('running')
      .catch(() => expect.fail(`the child never took the job: ${child.stderr}`));
    const held = await jobOf(fresh, key);
    expect(held?.leased_by).toMatch(new RegExp(`^${child.process.pid}-`));
    await expect.poll(() => pids().length, { timeout: 10_000 }).toBe(2); // the child's ffmpeg runs
    expect(await child.kill()).toBe('SIGKILL');
    killAll(pids());

    // A process of the real ffmpeg finds the lapsed lease and completes the job, at its second attempt.
    const log = capturedLog();
    const last = await buildTestApp(
      { ...chosen, MEDIA_JOB_LEASE_MS: '1000', LOG_LEVEL: 'info' },
      { dataDir: first.dataDir, pgSchema: first.pgSchema, keep: true, logStream: log.stream },
    );
    opened.push(last);
    await expect.poll(async () => (await uploadRow(last, key)).media_state, { timeout: 30_000 }).toBe('ready');
    await last.app.queue.idle();
    expect(await jobOf(last, key)).toBeUndefined();
    expect(conversionsIn(log.lines)).toEqual([expect.objectContaining({ key, attempt: 2 })]);
    const [shown] = await commentsOf(last, team.id, target.id, coach);
    expect(shown).toMatchObject({ media_status: 'ready' });
    expect(shown!.media).toMatch(/\.mp4\?/);
    expect((await fetchFile(last, shown!.media!)).statusCode).toBe(200);
  }, 90_000);
});

describe('a conversion across a kill -9', () => {
  const opened: TestApp[] = [];
  afterAll(async () => {
    for (const app of opened.reverse()) await app.close();
  });

  it('a process killed mid-conversion leaves it to a new one, which converts the file exactly once', async () => {
    // The database: a post and a recording received for a comment on it. This app stays to read
    // the database; it runs no job.
    const first = await buildTestApp(chosen, { keep: true });
    opened.push(first);
    const coach = await buildUser(first);
    const team = await buildTeam(first, coach, 'Crash Team');
    const target = await createPost(first, team.id, coach, { content: 'Answer here' });
    const key = await uploaded(first, coach, team.id, await webmVideo(), 'r.webm', 'video/webm');
    await first.app.queue.idle();
    await first.app.queue.close();

    // A real child process attaches it to a comment (the job is queued in that transaction and
    // taken at its commit) and is killed (SIGKILL) while its ffmpeg runs.
    const pidFile = path.join(scratch, 'crash.pid');
    const child = spawnChild(ATTACH_PROCESS, [
      first.dataDir,
      first.pgSchema ?? '-',
      stuckFfmpeg(pidFile),
      String(team.id),
      String(target.id),
      coach.token,
      key,
    ]);
    const commentId = Number((await child.printed(/committed (\d+)/))[1]);
    await expect.poll(() => pidsIn(pidFile).length, { timeout: 20_000 }).toBe(1); // mid-conversion
    expect(await child.kill()).toBe('SIGKILL');
    killAll(pidsIn(pidFile));

    // What the crash left: the upload encoding, its job running under the dead process's lease.
    expect((await uploadRow(first, key)).media_state).toBe('encoding');
    expect(await jobOf(first, key)).toMatchObject({ state: 'running', attempts: 1 });
    expect((await jobOf(first, key))?.leased_by).toMatch(new RegExp(`^${child.process.pid}-`));
    expect(await mediaEvents(first)).toEqual([]);

    // A new process of the real ffmpeg takes it once the lease lapses and converts it.
    const log = capturedLog();
    const fresh = await buildTestApp(
      { ...chosen, LOG_LEVEL: 'info' },
      { dataDir: first.dataDir, pgSchema: first.pgSchema, keep: true, logStream: log.stream },
    );
    opened.push(fresh);
    await expect.poll(async () => (await uploadRow(fresh, key)).media_state, { timeout: 30_000 }).toBe('ready');
    await fresh.app.queue.idle();

    const row = await uploadRow(fresh, key);
    const stored = (k: string) => path.join(fresh.dataDir, 'files', k);
    expect(row.playable_key).toMatch(/\.mp4$/);
    expect(row.poster_key).toMatch(/\.jpg$/);
    expect(await probe(tools, stored(row.playable_key!))).toMatchObject({ video: { codec: 'h264' } });
    expect(existsSync(stored(row.poster_key!))).toBe(true);
    expect(await jobOf(fresh, key)).toBeUndefined();
    expect(await mediaEvents(fresh)).toEqual([{ type: 'media.ready', team_id: team.id, post_id: target.id }]);
    expect(conversionsIn(log.lines)).toEqual([expect.objectContaining({ key, attempt: 2 })]);
    const [shown] = await commentsOf(fresh, team.id, target.id, coach);
    expect(shown).toMatchObject({ id: commentId, media_status: 'ready' });

    // Woken again (another commit, a poll): nothing is done twice, and nothing else was made
    // (the original, its MP4 and its poster are the team's files).
    fresh.app.queue.wake();
    await fresh.app.queue.idle();
    expect(await mediaEvents(fresh)).toHaveLength(1);
    expect(conversionsIn(log.lines)).toHaveLength(1);
    expect(readdirSync(stored(path.posix.dirname(key))).sort()).toEqual(
      [key, row.playable_key!, row.poster_key!].map((k) => path.posix.basename(k)).sort(),
    );
  }, 90_000);
});
