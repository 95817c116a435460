import {
  MediaType,
  Paging,
  type CommentData,
  type CommentDto,
  type EngagementDto,
  type ReactionDto,
  type SharedEngagement,
  type UploadPolicy,
} from '@rally/contract';
import type { Kysely, Transaction } from 'kysely';
import { recordEvent, transact } from '../../events/log.js';
import type { Database, Executor } from '../../db/schema.js';
import { paged } from '../../http/envelope.js';
import { presentComment, presentEngagement, presentReaction, type UrlOf } from './presenter.js';
import type { EngagementRepository, Subject } from './repository.js';

/** What reactions and comments need of uploads: attach a key once, read it back by a signed URL. */
export interface Attachments {
  claim(
    ex: Executor,
    userId: number,
    key: string,
    teamId: number,
    policies: readonly UploadPolicy[],
  ): Promise<{ key: string; media_type: 'photo' | 'video' | 'audio' }>;
  urlOf: UrlOf;
  remove(keys: readonly string[]): Promise<void>;
}

/**
 * Reactions and comments, one mechanism for every reactable object. The caller (the object's
 * module) has already checked that the user may see and engage with the object in `teamId`.
 */
export class EngagementService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: EngagementRepository,
    private readonly attachments: Attachments,
  ) {}

  async reactions(subject: Subject): Promise<ReactionDto[]> {
    return (await this.repo.reactions(subject)).map((r) => presentReaction(r, this.attachments.urlOf));
  }

  /** Sets, changes or (with `buzzTypeId` null) clears the user's reaction; answers the object's state. */
  async react(subject: Subject, teamId: number, userId: number, buzzTypeId: number | null): Promise<EngagementDto> {
    const engagement = await transact(this.db, async (trx) => {
      await this.repo.lock(trx, subject);
      if (buzzTypeId === null) await this.repo.clearReaction(trx, subject, userId);
      else await this.repo.setReaction(trx, subject, userId, buzzTypeId);
      const now = presentEngagement(await this.repo.engagementOf(subject, userId, trx), this.attachments.urlOf);
      await this.record(trx, subject, teamId, userId, now, buzzTypeId === null ? 'cleared' : 'reaction');
      return now;
    });
    return engagement;
  }

  async comments(subject: Subject, page: number, perPage?: number) {
    const size = perPage ?? Paging.defaultPerPage;
    const { rows, total } = await this.repo.comments(subject, page, size);
    return paged(
      rows.map((r) => presentComment(r, this.attachments.urlOf)),
      page,
      size,
      total,
    );
  }

  /** A comment of text, photo, video or audio; a file is attached by its upload key, once. */
  async comment(
    subject: Subject,
    teamId: number,
    userId: number,
    input: CommentData,
  ): Promise<CommentDto & { engagement: EngagementDto }> {
    const result = await transact(this.db, async (trx) => {
      await this.repo.lock(trx, subject);
      const media = input.media ? await this.attachments.claim(trx, userId, input.media, teamId, ['expression']) : null;
      const id = await this.repo.addComment(trx, subject, userId, {
        content: input.content,
        media_key: media?.key ?? null,
        media_type_id: media ? MediaType[media.media_type] : MediaType.text,
      });
      const comment = presentComment(await this.repo.comment(id, trx), this.attachments.urlOf);
      const engagement = presentEngagement(await this.repo.engagementOf(subject, userId, trx), this.attachments.urlOf);
      await this.record(trx, subject, teamId, userId, engagement, 'comment');
      return { ...comment, engagement };
    });
    return result;
  }

  /** The object's team hears that its counts changed (realtime), its author that someone engaged. */
  private record(
    trx: Transaction<Database>,
    subject: Subject,
    teamId: number,
    actorId: number,
    engagement: EngagementDto,
    what: 'reaction' | 'cleared' | 'comment',
  ): Promise<void> {
    return recordEvent(trx, {
      type: 'engagement.changed',
      team_id: teamId,
      actor_id: actorId,
      subject,
      what,
      engagement: shared(engagement),
    });
  }
}

/** The part of an object's engagement every member sees alike. */
export function shared(e: EngagementDto): SharedEngagement {
  return {
    buzzes_count: e.buzzes_count,
    reactions: e.reactions,
    recent_buzz_activity_user: e.recent_buzz_activity_user,
    expressions_count: e.expressions_count,
    recent_expressed_activity_user: e.recent_expressed_activity_user,
  };
}
