import {
  MediaType,
  Paging,
  PostType,
  PromptMessages,
  type PageMeta,
  type PostDto,
  type PromptListQuery,
  type PromptMemberDto,
  type PromptMetricsDto,
  type PromptResponseDto,
  type PromptSummaryDto,
  type SlideshowDto,
  type TeamVideoDto,
  type UploadPolicy,
} from '@rally/contract';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { recordEvent, transact } from '../../events/log.js';
import type { AppEvent } from '../../events/types.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import { paged } from '../../http/envelope.js';
import type { FormFile } from '../../http/multipart.js';
import { startOfZonedDay } from '../../lib/zoned-day.js';
import type { TeamAccess, TeamViewer } from '../members/team-access.js';
import type { PostsRepository } from '../posts/repository.js';
import type { PostsService } from '../posts/service.js';
import type { ClaimedUpload, UploadsService } from '../uploads/service.js';
import { presentPrompt, presentPromptMember, presentResponse, presentSummary } from './presenter.js';
import type { PromptKind, PromptView, PromptsRepository, ResponseFilter } from './repository.js';

export interface PromptsDeps {
  db: Kysely<Database>;
  repo: PromptsRepository;
  /** The prompt's post: inserted, read back and presented as the timeline shows it. */
  posts: Pick<PostsRepository, 'insert' | 'view' | 'setExtra'>;
  present: Pick<PostsService, 'present'>;
  access: TeamAccess;
  uploads: Pick<UploadsService, 'claim' | 'acceptFile' | 'urlOf'>;
  now?: () => Date;
}

const POST_TYPE: Record<PromptKind, number> = { video: PostType.teamvideo, slideshow: PostType.slideshow };
/** Files of each kind of prompt: a team video's are videos, a slideshow's images. */
const POLICY: Record<PromptKind, UploadPolicy> = { video: 'team.teamvideo', slideshow: 'team.celebration' };
const IMAGE_NAME = /\.(png|jpe?g)$/i;

/** A refused prompt action: 422 with the message on `field`, as the forms show it. */
const refused = (field: string, message: string, code: string) =>
  new AppError(422, code, message, { [field]: [message] });

const startOf = ({ from_date, tz }: { from_date?: string | null | undefined; tz?: string | null | undefined }) =>
  !from_date ? null : tz ? startOfZonedDay(from_date, tz).toISOString() : `${from_date}T00:00:00.000Z`;

/**
 * Team videos and slideshows (spec §3–§7, issue 22, ADR 0028): a lead asks (a post of type 6 or
 * 11 and its prompt), every other member answers once while it is unpublished, the one who asked
 * follows who answered, reminds, hides answers and publishes; leads read the statistics.
 */
export class PromptsService {
  private readonly now: () => Date;
  constructor(private readonly deps: PromptsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** POST user/team/:id/video: a topic and a video (an upload key, or the form's file). */
  async createVideo(
    userId: number,
    teamId: number,
    input: { topic: string; media: string | null },
    file: FormFile | undefined,
  ): Promise<PostDto> {
    const viewer = await this.deps.access.require(userId, teamId, 'post.create', { type_id: PostType.teamvideo });
    if (!input.media && !file) throw refused('media', PromptMessages.videoRequired, 'media_required');
    return this.create(viewer, 'video', { topic: input.topic, content: null }, input.media, file);
  }

  /** POST user/team/:id/slideshow: a topic, a text and one image (the form's file). */
  async createSlideshow(
    userId: number,
    teamId: number,
    input: { topic: string; content: string | null },
    file: FormFile | undefined,
  ): Promise<PostDto> {
    const viewer = await this.deps.access.require(userId, teamId, 'post.create', { type_id: PostType.slideshow });
    if (!file) throw refused('media', PromptMessages.imagesRequired, 'media_required');
    if (!IMAGE_NAME.test(file.filename)) throw refused('media', PromptMessages.imagesOnly, 'media_type_invalid');
    return this.create(viewer, 'slideshow', input, null, file);
  }

  private async create(
    viewer: TeamViewer,
    kind: PromptKind,
    text: { topic: string; content: string | null },
    key: string | null,
    file: FormFile | undefined,
  ): Promise<PostDto> {
    const { db, repo, posts, uploads } = this.deps;
    const { userId, teamId } = viewer;
    const accepted = file ? await uploads.acceptFile(userId, teamId, POLICY[kind], file) : undefined;
    const created = this.stamp();
    return transact(db, async (trx) => {
      const media = await uploads.claim(trx, userId, accepted?.key ?? key!, teamId, [POLICY[kind]]);
      const extra = { topic: text.topic, published: false, published_at: null };
      const postId = await posts.insert(trx, {
        team_id: teamId,
        user_id: userId,
        type_id: POST_TYPE[kind],
        text: text.content,
        color_id: null,
        media_key: media.key,
        media_type_id: MediaType[media.media_type],
        extra: JSON.stringify(extra),
      });
      const promptId = await repo.insert(trx, {
        team_id: teamId,
        post_id: postId,
        kind,
        user_id: userId,
        topic: text.topic,
        content: text.content,
        media_key: media.key,
        published_at: null,
        created_at: created,
      });
      await this.setPostExtra(trx, postId, { ...extra, [kind === 'video' ? 'video_id' : 'slideshow_id']: promptId });
      const post = await this.presentPost(trx, userId, postId);
      await recordEvent(trx, { type: 'post.created', team_id: teamId, actor_id: userId, post, tagged: [] });
      return post;
    });
  }

  /** GET video/:videoId, slideshow/:slideshowId: the prompt with its members and the answers the viewer may see. */
  async get(userId: number, teamId: number, kind: 'video', id: number): Promise<TeamVideoDto>;
  async get(userId: number, teamId: number, kind: 'slideshow', id: number): Promise<SlideshowDto>;
  async get(userId: number, teamId: number, kind: PromptKind, id: number): Promise<TeamVideoDto | SlideshowDto> {
    await this.deps.access.viewer(userId, teamId);
    return this.detail(userId, await this.find(teamId, kind, id));
  }

  /** GET videos/:postId: the team video of a post. */
  async ofPost(userId: number, teamId: number, postId: number): Promise<TeamVideoDto> {
    await this.deps.access.viewer(userId, teamId);
    const prompt = await this.deps.repo.viewOfPost(teamId, 'video', postId);
    if (!prompt) throw notFound(PromptMessages.notFound);
    return this.detail(userId, prompt) as Promise<TeamVideoDto>;
  }

  private async detail(userId: number, p: PromptView): Promise<TeamVideoDto | SlideshowDto> {
    const { repo, uploads } = this.deps;
    const filter: ResponseFilter =
      p.user_id === userId ? { all: true } : { all: false, published: p.published_at !== null, viewerId: userId };
    const [members, responses] = await Promise.all([
      repo.members(p.team_id, p.id, p.user_id),
      repo.responses([p.id], filter),
    ]);
    return presentPrompt(p, uploads.urlOf, userId, members, responses);
  }

  /** POST video/:videoId: a member's answer, a video (an upload key or the form's file) and a caption. */
  async respondToVideo(
    userId: number,
    teamId: number,
    id: number,
    input: { media: string | null; caption?: string | null | undefined },
    file: FormFile | undefined,
  ): Promise<PromptResponseDto> {
    const prompt = await this.answerable(userId, teamId, 'video', id);
    if (!input.media && !file) throw refused('media', PromptMessages.videoRequired, 'media_required');
    const accepted = file ? [await this.deps.uploads.acceptFile(userId, teamId, POLICY.video, file)] : [];
    const [answer] = await this.answer(userId, prompt, [
      { key: accepted[0]?.key ?? input.media!, caption: input.caption ?? null },
    ]);
    return answer!;
  }

  /** POST slideshow/:slideshowId: a member's answer, one to five images, each with its caption. */
  async respondToSlideshow(
    userId: number,
    teamId: number,
    id: number,
    captions: (string | null)[],
    files: FormFile[],
  ): Promise<PromptResponseDto[]> {
    const prompt = await this.answerable(userId, teamId, 'slideshow', id);
    if (files.length === 0) throw refused('media', PromptMessages.imagesRequired, 'media_required');
    if (files.length > 5) throw refused('media', PromptMessages.tooManyImages, 'too_many_images');
    if (files.some((f) => !IMAGE_NAME.test(f.filename)))
      throw refused('media', PromptMessages.imagesOnly, 'media_type_invalid');
    const accepted: ClaimedUpload[] = [];
    for (const file of files) accepted.push(await this.deps.uploads.acceptFile(userId, teamId, POLICY.slideshow, file));
    return this.answer(
      userId,
      prompt,
      accepted.map((a, i) => ({ key: a.key, caption: captions[i] ?? null })),
    );
  }

  /** The prompt, when `userId` may answer it now (checked again in the answer's transaction). */
  private async answerable(userId: number, teamId: number, kind: PromptKind, id: number): Promise<PromptView> {
    await this.deps.access.viewer(userId, teamId);
    const prompt = await this.find(teamId, kind, id);
    await this.checkAnswerable(userId, prompt);
    return prompt;
  }

  private async checkAnswerable(userId: number, p: PromptView, trx?: Transaction<Database>): Promise<void> {
    if (p.user_id === userId) throw forbidden(PromptMessages.initiatorCannotRespond);
    if (p.published_at !== null) throw refused('media', PromptMessages.publishedAlready, 'published_already');
    if (await this.deps.repo.hasAnswered(p.id, userId, trx))
      throw refused('media', PromptMessages.alreadyResponded, 'already_responded');
    if (Number(p.responses_count) >= Number(p.max_responses_count))
      throw refused('media', PromptMessages.responsesFull, 'responses_full');
  }

  private async answer(
    userId: number,
    prompt: PromptView,
    files: { key: string; caption: string | null }[],
  ): Promise<PromptResponseDto[]> {
    const { db, repo, uploads } = this.deps;
    const at = this.stamp();
    try {
      return await transact(db, async (trx) => {
        // As it is now, and held until the answer is in: another answer or the publishing may
        // have come since the first check. (The prompt's row first, then the timeline's version
        // its answers raise, as the publishing takes them.)
        await repo.lock(trx, prompt.id);
        const now = (await repo.view(prompt.team_id, prompt.kind, prompt.id, trx))!;
        await this.checkAnswerable(userId, now, trx);
        const rows = [];
        for (const [position, f] of files.entries()) {
          const media = await uploads.claim(trx, userId, f.key, prompt.team_id, [POLICY[prompt.kind]]);
          rows.push({
            prompt_id: prompt.id,
            user_id: userId,
            media_key: media.key,
            media_type: media.media_type === 'photo' ? ('photo' as const) : ('video' as const),
            caption: f.caption,
            position,
            hidden_at: null,
            hidden_by: null,
            created_at: at,
          });
        }
        const ids = await repo.insertResponses(trx, rows);
        await this.changed(trx, userId, now, 'responded');
        const answers = [];
        for (const id of ids) answers.push(presentResponse((await repo.response(prompt.id, id, trx))!, uploads.urlOf));
        return answers;
      });
    } catch (err) {
      // Two answers of one member at once: the database keeps the first.
      if (isUniqueViolation(err)) throw refused('media', PromptMessages.alreadyResponded, 'already_responded');
      throw err;
    }
  }

  /** POST .../publish: the owner publishes the answers given (at least one not hidden), once. */
  async publish(userId: number, teamId: number, kind: PromptKind, id: number): Promise<PostDto> {
    const { db, repo } = this.deps;
    const viewer = await this.deps.access.viewer(userId, teamId);
    const prompt = await this.find(teamId, kind, id);
    this.deps.access.assert(viewer, 'content.publish', { owner_id: prompt.user_id });
    const at = this.stamp();
    return transact(db, async (trx) => {
      if ((await repo.visibleAnswers(prompt.id, trx)) === 0)
        throw refused('media', PromptMessages.nothingToPublish, 'nothing_to_publish');
      if (!(await repo.publish(trx, prompt.id, at)))
        throw refused('media', PromptMessages.publishedAlready, 'published_already');
      await this.setPostExtra(trx, prompt.post_id, {
        topic: prompt.topic,
        published: true,
        published_at: at,
        [kind === 'video' ? 'video_id' : 'slideshow_id']: prompt.id,
      });
      await this.changed(trx, userId, prompt, 'published');
      return this.presentPost(trx, userId, prompt.post_id);
    });
  }

  /** POST .../user/:userId/response-reminder: the owner reminds a member who has not answered, once a day. */
  async remind(
    userId: number,
    teamId: number,
    kind: PromptKind,
    id: number,
    memberId: number,
  ): Promise<PromptMemberDto> {
    const { db, repo, uploads } = this.deps;
    const viewer = await this.deps.access.viewer(userId, teamId);
    const prompt = await this.find(teamId, kind, id);
    this.deps.access.assert(viewer, 'content.publish', { owner_id: prompt.user_id });
    if (prompt.published_at !== null) throw refused('user_id', PromptMessages.publishedAlready, 'published_already');
    if (memberId === prompt.user_id || !(await repo.isMember(teamId, memberId)))
      throw refused('user_id', PromptMessages.remindNotMember, 'not_a_member');
    if (await repo.hasAnswered(prompt.id, memberId))
      throw refused('user_id', PromptMessages.remindResponded, 'responded');
    const at = this.now();
    const day = at.toISOString().slice(0, 10);
    const remindedAlready = () => conflict(PromptMessages.remindedAlready, 'reminded_already');
    if (await repo.remindedOn(prompt.id, memberId, day)) throw remindedAlready();
    try {
      await transact(db, async (trx) => {
        await repo.insertReminder(trx, {
          prompt_id: prompt.id,
          user_id: memberId,
          reminded_by: userId,
          reminded_at: at.toISOString(),
          day,
        });
        await this.changed(trx, userId, prompt, 'reminded', memberId);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw remindedAlready();
      throw err;
    }
    const member = (await repo.members(teamId, prompt.id, prompt.user_id)).find((m) => m.id === memberId)!;
    return presentPromptMember(member, uploads.urlOf);
  }

  /** POST .../responses/:responseId/hide: the owner hides an answer from the team before publishing, or shows it. */
  async hide(
    userId: number,
    teamId: number,
    kind: PromptKind,
    id: number,
    responseId: number,
    hidden: boolean,
  ): Promise<PromptResponseDto> {
    const { db, repo, uploads } = this.deps;
    const viewer = await this.deps.access.viewer(userId, teamId);
    const prompt = await this.find(teamId, kind, id);
    this.deps.access.assert(viewer, 'content.publish', { owner_id: prompt.user_id });
    if (!(await repo.response(prompt.id, responseId))) throw notFound();
    if (prompt.published_at !== null) throw refused('hidden', PromptMessages.publishedAlready, 'published_already');
    return transact(db, async (trx) => {
      await repo.setHidden(trx, responseId, hidden ? { at: this.stamp(), by: userId } : null);
      await this.changed(trx, userId, prompt, hidden ? 'hidden' : 'shown');
      return presentResponse((await repo.response(prompt.id, responseId, trx))!, uploads.urlOf);
    });
  }

  /** GET videos, slideshows: the period's prompts, newest first (leads). */
  async list(
    userId: number,
    teamId: number,
    kind: PromptKind,
    q: PromptListQuery,
  ): Promise<{ data: PromptSummaryDto[]; meta: PageMeta }> {
    await this.deps.access.require(userId, teamId, 'stats.view');
    const perPage = q.per_page ?? Paging.defaultPerPage;
    const { rows, total } = await this.deps.repo.list(teamId, kind, startOf(q), perPage, (q.page - 1) * perPage);
    return paged(
      rows.map((r) => presentSummary(r, this.deps.uploads.urlOf)),
      q.page,
      perPage,
      total,
    );
  }

  /** GET videos/metrics, slideshows/metrics: the period's prompts, their answers, the response rate and the latest five. */
  async metrics(
    userId: number,
    teamId: number,
    kind: PromptKind,
    q: { from_date?: string | null | undefined; tz?: string | null | undefined },
  ): Promise<PromptMetricsDto> {
    await this.deps.access.require(userId, teamId, 'stats.view');
    const from = startOf(q);
    const [latest, totals] = await Promise.all([
      this.deps.repo.list(teamId, kind, from, 5, 0),
      this.deps.repo.totals(teamId, kind, from),
    ]);
    return {
      total: latest.total,
      responses_count: totals.responses,
      response_rate: totals.possible === 0 ? 0 : Math.min(100, Math.round((totals.responses / totals.possible) * 100)),
      data: latest.rows.map((r) => presentSummary(r, this.deps.uploads.urlOf)),
    };
  }

  /**
   * GET .../responses: a page of a prompt's answers with their total (leads; decisions.md). Hidden
   * answers only for the one who asked (and their author), as everywhere.
   */
  async responses(
    userId: number,
    teamId: number,
    kind: PromptKind,
    id: number,
    q: { page: number; per_page?: number | undefined },
  ): Promise<{ data: PromptResponseDto[]; meta: PageMeta; total: number }> {
    await this.deps.access.require(userId, teamId, 'stats.view');
    const prompt = await this.find(teamId, kind, id);
    const perPage = q.per_page ?? Paging.defaultPerPage;
    const viewer = { id: userId, owner: prompt.user_id === userId };
    const { rows, total } = await this.deps.repo.responsesPage(prompt.id, viewer, perPage, (q.page - 1) * perPage);
    return {
      ...paged(
        rows.map((r) => presentResponse(r, this.deps.uploads.urlOf)),
        q.page,
        perPage,
        total,
      ),
      total,
    };
  }

  private async find(teamId: number, kind: PromptKind, id: number): Promise<PromptView> {
    const prompt = await this.deps.repo.view(teamId, kind, id);
    if (!prompt) throw notFound(PromptMessages.notFound);
    return prompt;
  }

  /** The post as the timeline shows it to `userId`, read in the transaction that wrote it. */
  private async presentPost(trx: Transaction<Database>, userId: number, postId: number): Promise<PostDto> {
    const row = (await this.deps.posts.view(userId, postId, trx))!;
    const [post] = await this.deps.present.present([row], userId, trx);
    return post!;
  }

  /** The post's stored data: what `post.share` and a prompt-less copy read (`postTarget`). */
  private setPostExtra(trx: Transaction<Database>, postId: number, extra: Record<string, unknown>): Promise<void> {
    return this.deps.posts.setExtra(trx, postId, extra);
  }

  /** Records what happened, last in the transaction (events/log.ts). */
  private changed(
    trx: Transaction<Database>,
    actorId: number,
    p: PromptView,
    what: Extract<AppEvent, { type: 'prompt.changed' }>['what'],
    memberId?: number,
  ): Promise<void> {
    return recordEvent(trx, {
      type: 'prompt.changed',
      team_id: p.team_id,
      actor_id: actorId,
      post_id: p.post_id,
      prompt_id: p.id,
      owner_id: p.user_id,
      what,
      ...(memberId !== undefined ? { user_id: memberId } : {}),
    });
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}
