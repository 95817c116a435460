import type { MediaStatusDto } from '@rally/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * How any row that names an attachment (a post, a comment, a task, a prompt or its answer) shows
 * it (issue 22): the converted file when there is one, its state and its poster. The upload's
 * columns come with a left join on the naming row's `media_key` (`mediaColumns`); a key without
 * an upload row (seeded demo files) reads as ready.
 */
export interface StoredMedia {
  media_key: string | null;
  media_state: 'ready' | 'encoding' | 'failed' | null;
  playable_key: string | null;
  poster_key: string | null;
  duration_ms: number | null;
}

export interface MediaView {
  /** A signed URL of what plays: null while a video or audio file is converted, or when it failed. */
  media: string | null;
  media_status: MediaStatusDto | null;
  poster: string | null;
  /** Seconds, when known. */
  duration: number | null;
}

/** The columns `presentMedia` reads, from an upload joined as `alias` (`leftJoin('uploads as mu', …)`). */
export const mediaColumns = <A extends string>(alias: A) =>
  [
    `${alias}.media_state as media_state`,
    `${alias}.playable_key as playable_key`,
    `${alias}.poster_key as poster_key`,
    `${alias}.duration_ms as duration_ms`,
  ] as const;

export type MediaJoinBuilder = ExpressionBuilder<Database, 'uploads'>;

export function presentMedia(urlOf: (key: string | null) => string | null, m: StoredMedia): MediaView {
  if (!m.media_key) return { media: null, media_status: null, poster: null, duration: null };
  const state = m.media_state ?? 'ready';
  return {
    media: state === 'ready' ? urlOf(m.playable_key ?? m.media_key) : null,
    media_status: state,
    poster: state === 'ready' ? urlOf(m.poster_key) : null,
    duration: m.duration_ms === null ? null : m.duration_ms / 1000,
  };
}
