import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PostType,
  PromptMessages,
  type PostDto,
  type PromptMemberDto,
  type PromptMetricsDto,
  type PromptResponseDto,
  type PromptSummaryDto,
  type SlideshowDto,
  type TeamDto,
  type TeamStatsDto,
  type TeamVideoDto,
} from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, expectInvalid, type SignedUpUser } from '../../test/factories.js';
import { MP4_CLIP } from '../../test/samples.js';
import { buildTeam, deleteAndPurge, multipart, seatMembers, type FormPart } from '../../test/teams.js';
import { liveOf } from '../../realtime/consumer.js';
import { MEDIA_CONVERT } from '../media/conversion.js';

const t = useTestApp();
// The videos here are not converted (media.test.ts converts): waiting for the queue waits for the
// notifications and events only, and no ffmpeg runs beside the reads a test counts.
beforeAll(() => t.app.queue.hold(MEDIA_CONVERT));
let coach: SignedUpUser;
let adam: SignedUpUser;
let mina: SignedUpUser;
let pete: SignedUpUser;
let otto: SignedUpUser;
let team: TeamDto;
let png: Buffer;
let jpg: Buffer;

const image = (color: string, format: 'png' | 'jpeg') => {
  const canvas = sharp({ create: { width: 12, height: 8, channels: 3, background: color } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};

const video = (data: Buffer = MP4_CLIP, filename = 'answer.mp4'): FormPart => ({
  name: 'media',
  filename,
  contentType: 'video/mp4',
  data,
});
const picture = (data: Buffer, filename = 'slide.png', contentType = 'image/png'): FormPart => ({
  name: 'media',
  filename,
  contentType,
  data,
});
const field = (name: string, value: string): FormPart => ({ name, value });

/** POSTs a multipart form to `user/team/{team}/{path}`. */
const send = (path: string, token: string, parts: FormPart[], teamId = team.id) => {
  const form = multipart(parts);
  return t.api('POST', `user/team/${teamId}/${path}`, form.payload, token, { headers: form.headers });
};
const get = async <T>(path: string, token: string, teamId = team.id): Promise<T> => {
  const res = await t.api('GET', `user/team/${teamId}/${path}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
};

async function askVideo(topic = 'What made your week?', teamId = team.id): Promise<PostDto> {
  const res = await send('video', coach.token, [field('topic', topic), video()], teamId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: PostDto }>().data;
}
async function askSlideshow(topic = 'Show us your desk', teamId = team.id): Promise<PostDto> {
  const res = await send(
    'slideshow',
    coach.token,
    [field('topic', topic), field('content', 'One picture each'), picture(png)],
    teamId,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: PostDto }>().data;
}
async function answerVideo(videoId: number, user: SignedUpUser, caption?: string, teamId = team.id) {
  const res = await send(
    `video/${videoId}`,
    user.token,
    [...(caption ? [field('caption', caption)] : []), video()],
    teamId,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: PromptResponseDto }>().data;
}
const timelinePost = async (postId: number, user: SignedUpUser, teamId = team.id) => {
  const res = await t.api('GET', `user/team/${teamId}/timeline?page=1`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PostDto[] }>().data.find((p) => p.id === postId)!;
};
const notificationsOf = (user: SignedUpUser, kind: string) =>
  t.db.kysely.selectFrom('notifications').selectAll().where('user_id', '=', user.id).where('kind', '=', kind).execute();

beforeAll(async () => {
  [coach, adam, mina, pete, otto] = (await Promise.all(
    ['Cora', 'Adam', 'Mina', 'Pete', 'Otto'].map((first_name) => buildUser(t, { first_name, last_name: 'Prompt' })),
  )) as [SignedUpUser, SignedUpUser, SignedUpUser, SignedUpUser, SignedUpUser];
  team = await buildTeam(t, coach, 'Prompt Team');
  await seatMembers(t, team.id, [
    { user: adam, role: 3 },
    { user: mina, role: 4 },
    { user: pete, role: 4 },
  ]);
  [png, jpg] = await Promise.all([image('#3366cc', 'png'), image('#cc6633', 'jpeg')]);
});

describe('asking', () => {
  it('a lead asks with a video file: a type 6 post on the timeline carries the prompt', async () => {
    const post = await askVideo('  What made your week?  ');
    expect(post).toMatchObject({ type: 'teamvideo', type_id: PostType.teamvideo, user: { id: coach.id } });
    expect(post.data).toMatchObject({
      topic: 'What made your week?',
      media_type: 'video',
      published: false,
      published_at: null,
      is_responded: false,
      responses_count: 0,
      max_responses_count: 3,
    });
    expect(post.data.video_id).toEqual(expect.any(Number));
    expect(['ready', 'encoding', 'failed']).toContain(post.data.media_status);
    expect(post.data.team_video_responses).toBeUndefined();
    expect((await timelinePost(post.id, mina)).data).toMatchObject({
      video_id: post.data.video_id,
      topic: 'What made your week?',
    });
    const byPost = await get<TeamVideoDto>(`videos/${post.id}`, mina.token);
    expect(byPost).toMatchObject({ id: post.data.video_id, post_id: post.id, user: { id: coach.id } });
    expect(byPost.members.map((m) => m.id).sort()).toEqual([adam.id, mina.id, pete.id].sort());
  });

  it('a team video by upload key (policy team.teamvideo), in JSON', async () => {
    const q = new URLSearchParams({
      filename: 'question.mp4',
      mime_type: 'video/mp4',
      file_size: String(MP4_CLIP.length),
      resource_type: 'team',
      resource_id: String(team.id),
      resource_policy: 'team.teamvideo',
    });
    const signed = await t.api('GET', `s3-upload-presigned-request?${q.toString()}`, undefined, adam.token);
    expect(signed.statusCode, signed.body).toBe(200);
    const { key, url } = signed.json().data;
    const put = await t.app.inject({ method: 'PUT', url, payload: MP4_CLIP, headers: { 'content-type': 'video/mp4' } });
    expect(put.statusCode, put.body).toBe(200);
    const res = await t.api(
      'POST',
      `user/team/${team.id}/video`,
      { topic: 'Your goal for May', media: key },
      adam.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.data).toMatchObject({ topic: 'Your goal for May', max_responses_count: 3 });
  });

  it('members may not ask; bad input is a clear 4xx, never a 500', async () => {
    expect((await send('video', mina.token, [field('topic', 'Members ask too?'), video()])).statusCode).toBe(403);
    expect((await send('slideshow', pete.token, [field('topic', 'Members ask too?'), picture(png)])).statusCode).toBe(
      403,
    );
    expectInvalid(await send('video', coach.token, [video()]), 'topic', PromptMessages.topicRequired);
    expectInvalid(await send('video', coach.token, [field('topic', 'Hey'), video()]), 'topic', PromptMessages.topicMin);
    expectInvalid(
      await send('video', coach.token, [field('topic', 'No file here')]),
      'media',
      PromptMessages.videoRequired,
    );
    expectInvalid(
      await send('slideshow', coach.token, [field('topic', 'No image here')]),
      'media',
      PromptMessages.imagesRequired,
    );
    expectInvalid(
      await send('slideshow', coach.token, [
        field('topic', 'A gif is no slide'),
        picture(png, 'slide.gif', 'image/gif'),
      ]),
      'media',
      PromptMessages.imagesOnly,
    );
    // A text file named as a video or a picture: its content decides.
    const text = Buffer.from('just some words, not a video at all');
    const renamed = await send('video', coach.token, [field('topic', 'Renamed text'), video(text, 'fake.mp4')]);
    expect(renamed.statusCode, renamed.body).toBe(422);
    const fakePng = await send('slideshow', coach.token, [field('topic', 'Renamed text'), picture(text, 'fake.png')]);
    expect(fakePng.statusCode, fakePng.body).toBe(422);
    const wrongKind = await send('video', coach.token, [field('topic', 'An image is no video'), picture(png)]);
    expect(wrongKind.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongKind.statusCode).toBeLessThan(500);
    // A broken form.
    const broken = await t.api('POST', `user/team/${team.id}/video`, Buffer.from('--x\r\nnot a form'), coach.token, {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode, broken.body).toBe(400);
    // Nothing of the refused ones is on the timeline.
    const count = await t.db.kysely
      .selectFrom('prompts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', team.id)
      .where('topic', 'in', ['Renamed text', 'No file here', 'Members ask too?'])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('unknown ids are 404', async () => {
    for (const path of ['video/99999999', 'slideshow/99999999', 'videos/99999999', 'video/99999999/responses'])
      expect((await t.api('GET', `user/team/${team.id}/${path}`, undefined, coach.token)).statusCode).toBe(404);
    expect((await send('video/99999999', mina.token, [video()])).statusCode).toBe(404);
    const post = await askVideo('Unknown answer ids');
    const hide = await t.api(
      'POST',
      `user/team/${team.id}/video/${post.data.video_id}/responses/99999999/hide`,
      { hidden: true },
      coach.token,
    );
    expect(hide.statusCode).toBe(404);
  });
});

describe('answering', () => {
  it('every member but who asked answers once; the timeline shows each viewer their own is_responded', async () => {
    const post = await askVideo('One answer each');
    const id = post.data.video_id!;
    // Both read the page first, so it is kept before the answer.
    expect((await timelinePost(post.id, pete)).data.is_responded).toBe(false);
    expect((await timelinePost(post.id, mina)).data.is_responded).toBe(false);
    const answer = await answerVideo(id, mina, 'Shipped the release');
    expect(answer).toMatchObject({
      user: { id: mina.id },
      caption: 'Shipped the release',
      media_type: 'video',
      hidden: false,
    });

    const again = await send(`video/${id}`, mina.token, [video()]);
    expectInvalid(again, 'media', PromptMessages.alreadyResponded);
    const own = await send(`video/${id}`, coach.token, [video()]);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(PromptMessages.initiatorCannotRespond);

    // Pete first (the page is read afresh for him), then Mina from the kept page, then Pete again.
    expect((await timelinePost(post.id, pete)).data).toMatchObject({ is_responded: false, responses_count: 1 });
    expect((await timelinePost(post.id, mina)).data).toMatchObject({ is_responded: true, responses_count: 1 });
    expect((await timelinePost(post.id, pete)).data.is_responded).toBe(false);
    expect((await timelinePost(post.id, coach)).data.is_responded).toBe(false);

    // Who asked hears of it; the change is in the event log.
    await t.app.queue.idle();
    const told = await notificationsOf(coach, 'prompt.responded');
    expect(told.filter((n) => n.subject === post.id)).toHaveLength(1);
    const events = await t.db.kysely
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'prompt.changed')
      .execute();
    expect(events.map((e) => JSON.parse(e.payload))).toContainEqual(
      expect.objectContaining({ what: 'responded', post_id: post.id, prompt_id: id, actor_id: mina.id }),
    );
  });

  it('answers stop at max_responses_count (answers of members who left still count)', async () => {
    const small = await buildTeam(t, coach, 'Small Prompt Team');
    await seatMembers(t, small.id, [
      { user: mina, role: 4 },
      { user: pete, role: 4 },
    ]);
    const post = await askVideo('Two answers at most', small.id);
    const id = post.data.video_id!;
    await answerVideo(id, mina, undefined, small.id);
    await answerVideo(id, pete, undefined, small.id);
    await t.db.kysely
      .deleteFrom('team_members')
      .where('team_id', '=', small.id)
      .where('user_id', '=', pete.id)
      .execute();
    await seatMembers(t, small.id, [{ user: otto, role: 4 }]);
    expectInvalid(await send(`video/${id}`, otto.token, [video()], small.id), 'media', PromptMessages.responsesFull);
  });

  it('a slideshow answer: two images with their captions, in order', async () => {
    const post = await askSlideshow();
    expect(post).toMatchObject({ type: 'slideshow', type_id: PostType.slideshow });
    expect(post.data).toMatchObject({ topic: 'Show us your desk', content: 'One picture each', media_type: 'photo' });
    const id = post.data.slideshow_id!;
    const res = await send(`slideshow/${id}`, mina.token, [
      picture(png, 'desk.png'),
      field('caption', 'My desk'),
      picture(jpg, 'window.jpeg', 'image/jpeg'),
      field('caption', 'The view'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const answers = res.json<{ data: PromptResponseDto[] }>().data;
    expect(answers.map((a) => [a.caption, a.media_type])).toEqual([
      ['My desk', 'photo'],
      ['The view', 'photo'],
    ]);
    expect(answers.every((a) => a.media !== null && a.media_status === 'ready')).toBe(true);
    const shown = await get<SlideshowDto>(`slideshow/${id}`, coach.token);
    expect(shown.responses_count).toBe(1);
    expect(shown.slideshow_responses.map((a) => a.caption)).toEqual(['My desk', 'The view']);
    expect(shown.members.find((m) => m.id === mina.id)!.responded_at).not.toBeNull();

    expectInvalid(await send(`slideshow/${id}`, mina.token, [picture(png)]), 'media', PromptMessages.alreadyResponded);
    expectInvalid(
      await send(`slideshow/${id}`, pete.token, [field('caption', 'Nothing')]),
      'media',
      PromptMessages.imagesRequired,
    );
    expectInvalid(
      await send(`slideshow/${id}`, pete.token, [picture(png, 'clip.mp4', 'video/mp4')]),
      'media',
      PromptMessages.imagesOnly,
    );
    expectInvalid(
      await send(
        `slideshow/${id}`,
        pete.token,
        Array.from({ length: 6 }, () => picture(png)),
      ),
      'media',
      PromptMessages.tooManyImages,
    );
  });
});

describe('hiding, publishing and reminding', () => {
  it('hidden answers are seen by who asked and their author only, and never published', async () => {
    const post = await askVideo('Hide one answer');
    const id = post.data.video_id!;
    const fromMina = await answerVideo(id, mina, 'Off topic');
    const fromPete = await answerVideo(id, pete, 'On topic');
    const hide = (responseId: number, hidden: boolean, token = coach.token) =>
      t.api('POST', `user/team/${team.id}/video/${id}/responses/${responseId}/hide`, { hidden }, token);
    expect((await hide(fromMina.id, true, adam.token)).statusCode).toBe(403);
    expect((await hide(fromMina.id, true, mina.token)).statusCode).toBe(403);
    const hidden = await hide(fromMina.id, true);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      data: { id: fromMina.id, hidden: true },
      message: PromptMessages.responseHidden,
    });

    const ids = (v: TeamVideoDto) => v.team_video_responses.map((r) => r.id);
    expect(ids(await get<TeamVideoDto>(`video/${id}`, coach.token))).toEqual([fromMina.id, fromPete.id]);
    expect(ids(await get<TeamVideoDto>(`video/${id}`, mina.token))).toEqual([fromMina.id]);
    expect(ids(await get<TeamVideoDto>(`video/${id}`, pete.token))).toEqual([fromPete.id]);
    expect(ids(await get<TeamVideoDto>(`video/${id}`, adam.token))).toEqual([]);
    // A lead who did not ask reads the statistics without the hidden answer too.
    const detail = await t.api('GET', `user/team/${team.id}/video/${id}/responses`, undefined, adam.token);
    expect(detail.json<{ data: PromptResponseDto[] }>().data.map((r) => r.id)).toEqual([fromPete.id]);
    expect(detail.json().total).toBe(1);
    // Shared only once published (spec §6).
    const elsewhere = await buildTeam(t, coach, 'Prompt Share Team');
    const share = () =>
      t.api('POST', `user/team/${team.id}/posts/${post.id}/share`, { team_ids: [elsewhere.id] }, coach.token);
    expect((await share()).statusCode).toBe(403);

    const published = await t.api('POST', `user/team/${team.id}/video/${id}/publish`, {}, coach.token);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().message).toBe(PromptMessages.published);
    const data = published.json<{ data: PostDto }>().data.data;
    expect(data.published).toBe(true);
    expect(data.published_at).toEqual(expect.any(String));
    expect(data.team_video_responses!.map((r) => r.id)).toEqual([fromPete.id]);

    // After publishing: the team sees every answer but the hidden one, its author still sees theirs.
    expect(ids(await get<TeamVideoDto>(`video/${id}`, adam.token))).toEqual([fromPete.id]);
    expect(ids(await get<TeamVideoDto>(`video/${id}`, pete.token))).toEqual([fromPete.id]);
    expect(ids(await get<TeamVideoDto>(`video/${id}`, mina.token))).toEqual([fromMina.id, fromPete.id]);
    const shared = await share();
    expect(shared.statusCode, shared.body).toBe(201);
    const copy = (await timelinePost(shared.json().data.posts[0].id, coach, elsewhere.id)).data;
    expect(copy).toMatchObject({ video_id: id, published: true, is_responded: false });
    expect(copy.team_video_responses!.map((r) => r.id)).toEqual([fromPete.id]);
    const onTimeline = (await timelinePost(post.id, adam)).data;
    expect(onTimeline.published).toBe(true);
    expect(onTimeline.team_video_responses!.map((r) => r.id)).toEqual([fromPete.id]);

    // Once published: no hiding, no second publishing, no more answers.
    expect((await hide(fromMina.id, false)).statusCode).toBe(422);
    const twice = await t.api('POST', `user/team/${team.id}/video/${id}/publish`, {}, coach.token);
    expectInvalid(twice, 'media', PromptMessages.publishedAlready);
    expectInvalid(await send(`video/${id}`, adam.token, [video()]), 'media', PromptMessages.publishedAlready);

    await t.app.queue.idle();
    for (const member of [adam, mina, pete])
      expect((await notificationsOf(member, 'prompt.published')).filter((n) => n.subject === post.id)).toHaveLength(1);
    expect(await notificationsOf(coach, 'prompt.published')).toHaveLength(0);
  });

  it('publishing: only who asked, only with an answer the team may see', async () => {
    const post = await askSlideshow('Nothing to publish yet');
    const id = post.data.slideshow_id!;
    const publish = (token: string) => t.api('POST', `user/team/${team.id}/slideshow/${id}/publish`, {}, token);
    expectInvalid(await publish(coach.token), 'media', PromptMessages.nothingToPublish);
    const res = await send(`slideshow/${id}`, pete.token, [picture(png)]);
    const [answer] = res.json<{ data: PromptResponseDto[] }>().data;
    await t.api(
      'POST',
      `user/team/${team.id}/slideshow/${id}/responses/${answer!.id}/hide`,
      { hidden: true },
      coach.token,
    );
    expectInvalid(await publish(coach.token), 'media', PromptMessages.nothingToPublish);
    await t.api(
      'POST',
      `user/team/${team.id}/slideshow/${id}/responses/${answer!.id}/hide`,
      { hidden: false },
      coach.token,
    );
    expect((await publish(adam.token)).statusCode).toBe(403);
    expect((await publish(pete.token)).statusCode).toBe(403);
    const done = await publish(coach.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.data.slideshow_responses).toHaveLength(1);
  });

  it('a reminder goes once a day, to a member who has not answered, from who asked', async () => {
    const post = await askVideo('Remind the quiet ones');
    const id = post.data.video_id!;
    await answerVideo(id, mina);
    const remind = (userId: number, token = coach.token) =>
      t.api('POST', `user/team/${team.id}/video/${id}/user/${userId}/response-reminder`, {}, token);
    expect((await remind(pete.id, adam.token)).statusCode).toBe(403);
    const first = await remind(pete.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(PromptMessages.reminderSent);
    const member = first.json<{ data: PromptMemberDto }>().data;
    expect(member).toMatchObject({ id: pete.id, responded_at: null });
    expect(member.reminded_at).toEqual(expect.any(String));
    const second = await remind(pete.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PromptMessages.remindedAlready);
    expectInvalid(await remind(mina.id), 'user_id', PromptMessages.remindResponded);
    expectInvalid(await remind(coach.id), 'user_id', PromptMessages.remindNotMember);
    expectInvalid(await remind(otto.id), 'user_id', PromptMessages.remindNotMember);

    await t.app.queue.idle();
    const told = (await notificationsOf(pete, 'prompt.reminder')).filter((n) => n.subject === post.id);
    expect(told).toHaveLength(1);
    const shown = await get<TeamVideoDto>(`video/${id}`, coach.token);
    expect(shown.members.find((m) => m.id === pete.id)!.reminded_at).toBe(member.reminded_at);
  });
});

describe('statistics', () => {
  it('lists, metrics and the answers of one, page by page; for leads only', async () => {
    const fresh = await buildTeam(t, coach, 'Stats Prompt Team');
    await seatMembers(t, fresh.id, [
      { user: mina, role: 4 },
      { user: pete, role: 4 },
    ]);
    const first = await askVideo('First question', fresh.id);
    const second = await askVideo('Second question', fresh.id);
    await answerVideo(first.data.video_id!, mina, undefined, fresh.id);
    await answerVideo(first.data.video_id!, pete, undefined, fresh.id);
    await answerVideo(second.data.video_id!, mina, undefined, fresh.id);

    const res = await t.api('GET', `user/team/${fresh.id}/videos?page=2&per_page=1`, undefined, coach.token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: PromptSummaryDto[]; meta: { total: number; last_page: number } }>();
    expect(page.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(page.data.map((p) => p.topic)).toEqual(['First question']);
    expect(page.data[0]).toMatchObject({ responses_count: 2, max_responses_count: 2, published: false });

    const metrics = await get<PromptMetricsDto>('videos/metrics', coach.token, fresh.id);
    expect(metrics).toMatchObject({ total: 2, responses_count: 3, response_rate: 75 });
    expect(metrics.data.map((p) => p.topic)).toEqual(['Second question', 'First question']);
    const future = await get<PromptMetricsDto>('videos/metrics?from_date=2999-01-01', coach.token, fresh.id);
    expect(future).toMatchObject({ total: 0, responses_count: 0, response_rate: 0, data: [] });
    expect((await get<PromptMetricsDto>('slideshows/metrics', coach.token, fresh.id)).total).toBe(0);

    const detail = await t.api(
      'GET',
      `user/team/${fresh.id}/video/${first.data.video_id}/responses?page=1&per_page=1`,
      undefined,
      coach.token,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ total: 2, meta: { total: 2, last_page: 2 } });
    expect(detail.json().data).toHaveLength(1);

    for (const path of ['videos', 'videos/metrics', `video/${first.data.video_id}/responses`, 'slideshows'])
      expect((await t.api('GET', `user/team/${fresh.id}/${path}`, undefined, mina.token)).statusCode).toBe(403);

    const stats = await get<TeamStatsDto>('stats', coach.token, fresh.id);
    expect(stats).toMatchObject({
      videos_count: 2,
      video_responses_count: 3,
      slideshows_count: 0,
      slideshow_responses_count: 0,
    });
    const later = await get<TeamStatsDto>('stats?from_date=2999-01-01', coach.token, fresh.id);
    expect(later).toMatchObject({ videos_count: 0, video_responses_count: 0 });
  });
});

describe('the timeline', () => {
  it('reads a page of prompts in a constant number of queries, however many it holds', async () => {
    const coldRead = async (teamId: number) => {
      const { result, queries } = await t.queriesOf(() =>
        t.api('GET', `user/team/${teamId}/timeline?page=1`, undefined, mina.token),
      );
      expect(result.statusCode, result.body).toBe(200);
      // The session is resolved once and then kept: not the timeline's.
      return queries.filter((q) => !q.includes('"auth_tokens"')).length;
    };
    const one = await buildTeam(t, coach, 'One Prompt Team');
    const many = await buildTeam(t, coach, 'Many Prompts Team');
    for (const tm of [one, many])
      await seatMembers(t, tm.id, [
        { user: mina, role: 4 },
        { user: pete, role: 4 },
      ]);
    const single = await askVideo('Just one question', one.id);
    await answerVideo(single.data.video_id!, pete, undefined, one.id);
    await t.api('POST', `user/team/${one.id}/video/${single.data.video_id}/publish`, {}, coach.token);
    const asked = [await askVideo('First of many', many.id), await askSlideshow('Second of many', many.id)];
    await answerVideo(asked[0]!.data.video_id!, pete, undefined, many.id);
    await t.api('POST', `user/team/${many.id}/video/${asked[0]!.data.video_id}/publish`, {}, coach.token);
    await askVideo('Third of many', many.id);
    // The notifications of the publishing are written and handed out: work beside the reads (the
    // videos' conversions are held in this file).
    await t.app.queue.idle();
    await t.app.eventTail.read();
    await t.app.queue.idle();
    // The membership and version, the page, its count, then the prompts, the viewer's answers and
    // the published answers.
    expect(await coldRead(one.id)).toBe(6);
    expect(await coldRead(many.id)).toBe(6);
  }, 60_000); // real conversions of three answers, beside the reads
});

describe('deleting', () => {
  it('deleting the post removes its prompt, answers and their files', async () => {
    const post = await askSlideshow('Delete me with my answers');
    const id = post.data.slideshow_id!;
    await send(`slideshow/${id}`, mina.token, [picture(png), picture(jpg, 'b.jpg', 'image/jpeg')]);
    const keys = (
      await t.db.kysely.selectFrom('prompt_responses').select('media_key').where('prompt_id', '=', id).execute()
    ).map((r) => r.media_key);
    expect(keys).toHaveLength(2);
    const res = await t.api('DELETE', `user/team/${team.id}/posts/${post.id}`, undefined, coach.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.kysely.selectFrom('prompts').select('id').where('id', '=', id).execute()).toHaveLength(0);
    expect(
      await t.db.kysely.selectFrom('prompt_responses').select('id').where('prompt_id', '=', id).execute(),
    ).toHaveLength(0);
    expect(await t.db.kysely.selectFrom('uploads').select('key').where('key', 'in', keys).execute()).toHaveLength(0);
    expect((await t.api('GET', `user/team/${team.id}/slideshow/${id}`, undefined, coach.token)).statusCode).toBe(404);
  });
});

describe('the team', () => {
  it('erasing a deleted engagement erases its prompts, answers and their files', async () => {
    const gone = await buildTeam(t, coach, 'Erased Prompt Team');
    await seatMembers(t, gone.id, [{ user: mina, role: 4 }]);
    const post = await askVideo('Erased with the team', gone.id);
    await answerVideo(post.data.video_id!, mina, 'Bye', gone.id);
    const keys = [
      ...(await t.db.kysely.selectFrom('prompts').select('media_key').where('team_id', '=', gone.id).execute()).map(
        (r) => r.media_key!,
      ),
      ...(
        await t.db.kysely
          .selectFrom('prompt_responses')
          .select('media_key')
          .where('prompt_id', '=', post.data.video_id!)
          .execute()
      ).map((r) => r.media_key),
    ];
    expect(keys).toHaveLength(2);
    const stored = (key: string) => existsSync(path.join(t.dataDir, 'files', key));
    expect(keys.every(stored)).toBe(true);
    await deleteAndPurge(t, gone.id, coach.token);
    expect(await t.db.kysely.selectFrom('prompts').select('id').where('team_id', '=', gone.id).execute()).toHaveLength(
      0,
    );
    expect(
      await t.db.kysely
        .selectFrom('prompt_responses')
        .select('id')
        .where('prompt_id', '=', post.data.video_id!)
        .execute(),
    ).toHaveLength(0);
    expect(keys.some(stored)).toBe(false);
  });

  it('members are told live that a prompt changed, except of a reminder (the owner made it)', () => {
    const event = { type: 'prompt.changed', team_id: 1, actor_id: 2, post_id: 3, prompt_id: 4, owner_id: 2 } as const;
    for (const what of ['responded', 'hidden', 'shown', 'published'] as const)
      expect(liveOf({ ...event, what })).toEqual({ type: 'prompt.changed', team_id: 1, post_id: 3, prompt_id: 4 });
    expect(liveOf({ ...event, what: 'reminded', user_id: 5 })).toBeUndefined();
  });
});
