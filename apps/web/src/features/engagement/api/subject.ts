import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CommentDto, CommentInput, EngagementDto, PageMeta, ReactionDto } from '@rally/contract';

/** A page of comments ("engagements"), as every reactable object's comment list answers it. */
export interface CommentPage {
  data: CommentDto[];
  meta: PageMeta;
  message?: string;
}

/**
 * Something members react to and comment on: a post or a to-do task (spec §3, ADR 0012: one shape,
 * one mechanism). The page that shows it builds its subject from the owning feature's calls and
 * caches (app/routes/engagement-subjects.ts); this feature draws and drives the rest, the same
 * way for every kind.
 */
export interface EngagementSubject {
  /** The object's id and team, and how the viewer sees its reactions and comments now. */
  id: number;
  teamId: number;
  engagement: EngagementDto;
  /** Where its comment list and its full reaction list are cached. */
  keys: { comments: QueryKey; reactions: QueryKey };
  /** Sets (a buzz id) or clears (null) the viewer's reaction; answers the engagement after it. */
  react: (buzzTypeId: number | null) => Promise<EngagementDto>;
  /** A page of its comments, newest first. */
  comments: (page: number, signal?: AbortSignal) => Promise<CommentPage>;
  /** Posts a comment; answers it with the engagement after it. */
  comment: (body: CommentInput) => Promise<CommentDto & { engagement: EngagementDto }>;
  /** Everyone's reactions, newest first. */
  reactions: (signal?: AbortSignal) => Promise<ReactionDto[]>;
  /** Writes a new engagement (or part of one) into every cached list that shows the object. */
  apply: (queryClient: QueryClient, engagement: Partial<EngagementDto>) => void;
}
