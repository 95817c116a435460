import {
  MediaType,
  Paging,
  PostType,
  colorById,
  can,
  type CelebrationData,
  type PageMeta,
  type PostDto,
  type TextPostData,
  PostMessages,
} from '@rally/contract';
import type { Kysely } from 'kysely';
import type { Database, PostRow } from '../../db/schema.js';
import { notFound, validation } from '../../http/errors.js';
import { pageMeta, paged } from '../../http/envelope.js';
import { recordEvent, transact } from '../../events/log.js';
import type { EngagementRepository, Subject } from '../engagement/repository.js';
import type { Attachments, EngagementService } from '../engagement/service.js';
import type { MembersRepository } from '../members/repository.js';
import type { TeamAccess, TeamViewer } from '../members/team-access.js';
import { postTarget, presentPost, type PostDataSource } from './presenter.js';
import type { PostsRepository, PostView } from './repository.js';
import { TimelineCache, cachedPage, renderPage, viewerPartOf } from './timeline-cache.js';

export interface PostsDeps {
  db: Kysely<Database>;
  repo: PostsRepository;
  members: MembersRepository;
  access: TeamAccess;
  engagement: EngagementService;
  /** Upload keys of a post's comments, whose files go with it. */
  comments: Pick<EngagementRepository, 'commentMediaKeys'>;
  attachments: Attachments;
  /** What other modules add to their posts' data (team videos and slideshows), a page at a time. */
  postData?: PostDataSource;
}

interface PageInput {
  page: number;
  per_page?: number | undefined;
  type_id?: number | undefined;
}

/** Timelines, the dashboard feed, posting, sharing and deleting (spec §7 Timeline and posts). */
export class PostsService {
  constructor(private readonly deps: PostsDeps) {}

  private readonly cache = new TimelineCache();

  /**
   * A page of the team's timeline (or of one post type), newest first, with `meta.total`: the
   * JSON answer itself (`{data, meta}`). Every request reads the viewer's membership and the
   * team's timeline version (one query); a page kept at that version is answered from memory,
   * with the viewer's own part (their reaction, whether they commented) read in the same query
   * the first time they see that version of the page (ADR 0015). A page read afresh is 2 more
   * queries (the page and the count).
   */
  async timeline(userId: number, teamId: number, q: PageInput): Promise<string> {
    const perPage = q.per_page ?? Paging.feedPerPage;
    const key = `${teamId}:${q.type_id ?? 0}:${q.page}:${perPage}`;
    const { cache, deps } = this;
    const kept = cache.peek(key);
    const known = kept?.viewers.get(userId);
    const state = await deps.repo.timelineState(
      teamId,
      userId,
      kept && !known ? { ids: kept.ids, length: perPage } : undefined,
    );
    // Membership first, as TeamAccess.viewer does: a team the caller is not in does not exist (404).
    if (!state.member) throw notFound();
    if (cache.usable(kept, state.version)) {
      cache.touch(key, kept);
      const viewer = known ?? state.viewer!;
      if (!known) cache.remember(kept, state.version, userId, viewer);
      return renderPage(kept, viewer);
    }
    const pending = cache.pending(key, state.version);
    if (pending) {
      // Another request is reading this page at this version: wait for it, then read this
      // viewer's part of its posts (one more query).
      const page = await pending;
      const mine = await deps.repo.timelineState(teamId, userId, { ids: page.ids, length: perPage });
      if (!mine.member) throw notFound();
      cache.remember(page, mine.version, userId, mine.viewer!);
      return renderPage(page, mine.viewer!);
    }
    const { page } = await cache.fill(key, state.version, async () => {
      const offset = (q.page - 1) * perPage;
      const [rows, total] = await Promise.all([
        q.type_id === undefined
          ? deps.repo.teamPage(userId, teamId, perPage, offset)
          : deps.repo.teamTypePage(userId, teamId, q.type_id, perPage, offset),
        deps.repo.countInTeam(teamId, q.type_id),
      ]);
      const posts = await this.present(rows, userId);
      const read = cachedPage(state.version, posts, pageMeta(q.page, perPage, total));
      // The page query read the filling viewer's part beside the shared one.
      read.viewers.set(userId, viewerPartOf(posts));
      return { page: read };
    });
    return renderPage(page, page.viewers.get(userId)!);
  }

  /** The dashboard: posts of every team the user belongs to. */
  async dashboard(userId: number, q: PageInput): Promise<{ data: PostDto[]; meta: PageMeta }> {
    const { repo } = this.deps;
    const perPage = q.per_page ?? Paging.feedPerPage;
    const [rows, total] = await Promise.all([
      repo.dashboardPage(userId, userId, perPage, (q.page - 1) * perPage),
      repo.countForMember(userId),
    ]);
    return paged(await this.present(rows, userId), q.page, perPage, total);
  }

  async get(userId: number, teamId: number, postId: number): Promise<PostDto> {
    await this.deps.access.viewer(userId, teamId);
    const row = await this.deps.repo.view(userId, postId);
    if (!row || row.team_id !== teamId) throw notFound();
    const [post] = await this.present([row], userId);
    return post!;
  }

  /** A text post (or a thought): POST user/team/:id/posts. */
  async createText(userId: number, teamId: number, input: TextPostData): Promise<PostDto> {
    const viewer = await this.deps.access.require(userId, teamId, 'post.create', { type_id: PostType.text });
    const tags = await this.tagsOf(viewer, input.tag_users);
    return this.insert(
      viewer,
      { type_id: PostType.text, text: input.content, color_id: this.colorOf(input.color_id) },
      tags,
    );
  }

  /** A celebration (announcement) or a bright idea, with colour, tags (celebrations only) and a file. */
  async createCelebration(
    userId: number,
    teamId: number,
    typeId: typeof PostType.celebration | typeof PostType.brightidea,
    input: CelebrationData,
  ): Promise<PostDto> {
    const viewer = await this.deps.access.require(userId, teamId, 'post.create', { type_id: typeId });
    const tags = typeId === PostType.celebration ? await this.tagsOf(viewer, input.tag_users) : [];
    return this.insert(
      viewer,
      { type_id: typeId, text: input.text, color_id: this.colorOf(input.color_id) },
      tags,
      input.media,
    );
  }

  /** Delete by the rules of spec §6; its reactions, comments and files go with it. */
  async delete(userId: number, teamId: number, postId: number): Promise<void> {
    const { access, repo, db, attachments } = this.deps;
    const viewer = await access.viewer(userId, teamId);
    const post = await this.find(teamId, postId);
    access.assert(viewer, 'post.delete', postTarget(post));
    const keys = await transact(db, async (trx) => {
      const files = [
        post.media_key,
        ...(await this.commentKeys(post.id, trx)),
        // A team video's or slideshow's answers go with it.
        ...((await this.deps.postData?.mediaKeysOfPost(post.id, trx)) ?? []),
      ].filter((k): k is string => !!k);
      await repo.delete(trx, post.id);
      const unused: string[] = [];
      for (const key of new Set(files)) if (!(await repo.keyInUse(key, trx))) unused.push(key);
      await recordEvent(trx, { type: 'post.deleted', team_id: teamId, post_id: post.id });
      return unused;
    });
    if (keys.length) await attachments.remove(keys).catch(() => undefined);
  }

  /**
   * Shares a post to other teams the user leads (spec §6: roles 2 and 3, never a forwarded post,
   * videos and slideshows once published). Each copy keeps who wrote it first and where.
   */
  async share(userId: number, teamId: number, postId: number, teamIds: number[]) {
    const { access, repo, db, members } = this.deps;
    const viewer = await access.viewer(userId, teamId);
    const post = await this.find(teamId, postId);
    access.assert(viewer, 'post.share', postTarget(post));
    const targets = teamIds.filter((id) => id !== teamId);
    const roles = await members.rolesOf(userId, targets);
    const refused = targets.filter((id) => !can('post.shareTo', { ...viewer, role: roles.get(id) ?? 0 }));
    if (targets.length === 0 || refused.length)
      throw validation({
        team_ids: [targets.length === 0 ? PostMessages.shareChooseTeam : PostMessages.shareTeamNotLead],
      });
    const ids = await transact(db, async (trx) => {
      const created: { id: number; team_id: number }[] = [];
      for (const target of targets) {
        const id = await repo.insert(trx, {
          team_id: target,
          user_id: userId,
          type_id: post.type_id,
          text: post.text,
          color_id: post.color_id,
          media_key: post.media_key,
          media_type_id: post.media_type_id,
          extra: post.extra,
          is_forwarded: 1,
          original_user_id: post.user_id,
          original_team_id: post.team_id,
        });
        created.push({ id, team_id: target });
      }
      for (const { id, team_id } of created)
        await recordEvent(trx, {
          type: 'post.shared',
          team_id,
          actor_id: userId,
          post: (await this.present([(await repo.view(userId, id, trx))!], userId, trx))[0]!,
          original_author_id: post.user_id,
          original_team_id: teamId,
        });
      return created;
    });
    return { posts: ids };
  }

  /** The post, when the user may react to and comment on it in this team. */
  async engageable(userId: number, teamId: number, postId: number): Promise<Subject> {
    const viewer = await this.deps.access.viewer(userId, teamId);
    const post = await this.find(teamId, postId);
    this.deps.access.assert(viewer, 'post.engage', post);
    return { kind: 'post', id: post.id };
  }

  /** The post, when the user may see it (its reactions and comments are read by every member). */
  async visible(userId: number, teamId: number, postId: number): Promise<Subject> {
    await this.deps.access.viewer(userId, teamId);
    const post = await this.find(teamId, postId);
    return { kind: 'post', id: post.id };
  }

  private async find(teamId: number, postId: number): Promise<PostRow> {
    const post = await this.deps.repo.find(teamId, postId);
    if (!post) throw notFound();
    return post;
  }

  private commentKeys(postId: number, trx: Parameters<PostsRepository['keyInUse']>[1]) {
    return this.deps.comments.commentMediaKeys({ kind: 'post', id: postId }, trx);
  }

  private async insert(
    viewer: TeamViewer,
    values: { type_id: number; text: string | null; color_id: number | null },
    tags: number[],
    mediaKey: string | null = null,
  ): Promise<PostDto> {
    const { db, repo, attachments } = this.deps;
    const post = await transact(db, async (trx) => {
      const media = mediaKey
        ? await attachments.claim(trx, viewer.userId, mediaKey, viewer.teamId, ['team.celebration'])
        : null;
      const id = await repo.insert(
        trx,
        {
          team_id: viewer.teamId,
          user_id: viewer.userId,
          ...values,
          media_key: media?.key ?? null,
          media_type_id: media ? MediaType[media.media_type] : null,
        },
        tags,
      );
      const created = presentPost((await repo.view(viewer.userId, id, trx))!, attachments.urlOf);
      await recordEvent(trx, {
        type: 'post.created',
        team_id: viewer.teamId,
        actor_id: viewer.userId,
        post: created,
        tagged: tags,
      });
      return created;
    });
    return post;
  }

  /** Tagged people must be members of the team; tagging oneself is ignored (the picker excludes one). */
  private async tagsOf(viewer: TeamViewer, ids: number[] | null | undefined): Promise<number[]> {
    const wanted = [...new Set(ids ?? [])].filter((id) => id !== viewer.userId);
    if (wanted.length === 0) return [];
    const roles = await this.deps.members.rolesIn(viewer.teamId, wanted);
    if (roles.size !== wanted.length) throw validation({ tag_users: [PostMessages.tagNotMember] });
    return wanted;
  }

  private colorOf(id: number | null | undefined): number | null {
    if (id === null || id === undefined) return null;
    if (!colorById(id)) throw validation({ color_id: [PostMessages.colorInvalid] });
    return id;
  }

  /** Posts as `viewerId` sees them, with what other modules add to their data (one read per page). */
  async present(rows: PostView[], viewerId: number, ex?: Parameters<PostDataSource['dataOf']>[2]): Promise<PostDto[]> {
    const { urlOf } = this.deps.attachments;
    const more = rows.length && this.deps.postData ? await this.deps.postData.dataOf(viewerId, rows, ex) : undefined;
    return rows.map((r) => presentPost(r, urlOf, more?.get(r.id)));
  }
}
