import { PostType, colorById, type PostDataDto, type PostDto } from '@rally/contract';
import { rowsOfJson } from '../../db/dialect.js';
import type { Executor } from '../../db/schema.js';
import { mediaTypeName, presentEngagement, type UrlOf } from '../engagement/presenter.js';
import { fullName } from '../members/presenter.js';
import { presentMedia } from '../uploads/media-view.js';
import type { PostView } from './repository.js';

const TYPE_NAMES = Object.fromEntries(Object.entries(PostType).map(([name, id]) => [id, name])) as Record<
  number,
  string
>;
/** The post type's name (decisions.md ids); a type this server does not know is 'unknown'. */
export const postTypeName = (typeId: number): string => TYPE_NAMES[typeId] ?? 'unknown';

/** What a post type stores beside its text and file (topic, check-in, publishing state…). */
type Extra = Omit<
  PostDataDto,
  'text' | 'content' | 'color' | 'tagged_users' | 'media' | 'media_type' | 'media_status' | 'poster'
>;
const extraOf = (row: PostView): Extra => (row.extra ? (JSON.parse(row.extra) as Extra) : {});

/**
 * What another module adds to the data of its posts, read for a whole page at once (team videos
 * and slideshows: their prompt's state and answers, ADR 0028).
 */
export interface PostDataSource {
  /** By post id: the data to lay over what the post row says, as `viewerId` sees it. */
  dataOf(
    viewerId: number,
    rows: readonly PostView[],
    ex?: Executor,
  ): Promise<ReadonlyMap<number, Partial<PostDataDto>>>;
  /** The stored files that go with the post when it is deleted (its rows go by foreign key). */
  mediaKeysOfPost(postId: number, ex: Executor): Promise<string[]>;
}

export function presentPost(row: PostView, urlOf: UrlOf, more?: Partial<PostDataDto>): PostDto {
  const color = row.color_id ? colorById(row.color_id) : undefined;
  const { media, media_status, poster } = presentMedia(urlOf, row);
  const data: PostDataDto = {
    ...extraOf(row),
    text: row.text,
    content: row.text,
    color: color ? { id: color.id, name: color.name, color_gradient: [...color.color_gradient] } : null,
    tagged_users: rowsOfJson(row.tags).map((u) => ({ id: u.id, full_name: fullName(u) })),
    media,
    // Known while the file is converted too: the card says what is coming.
    media_type: row.media_key ? (mediaTypeName(row.media_type_id) as 'photo' | 'video' | 'audio') : null,
    media_status,
    poster,
    ...more,
  };
  // A watercooler post keeps who came with their avatars' keys (ADR 0029): signed as it is shown.
  if (row.type_id === PostType.watercooler && data.participants)
    data.participants = data.participants.map((p) => ({ ...p, avatar: urlOf(p.avatar) }));
  return {
    id: row.id,
    type: postTypeName(row.type_id),
    type_id: row.type_id,
    team_id: row.team_id,
    team: { id: row.team_id, name: row.team_name },
    user: {
      id: row.user_id,
      full_name: fullName({ first_name: row.author_first_name, last_name: row.author_last_name }),
      avatar: urlOf(row.author_avatar),
    },
    created_at: row.created_at,
    is_forwarded: Number(row.is_forwarded) === 1,
    original_post:
      Number(row.is_forwarded) === 1
        ? {
            user: {
              id: row.original_user_id ?? 0,
              full_name:
                row.original_first_name !== null
                  ? fullName({ first_name: row.original_first_name, last_name: row.original_last_name ?? '' })
                  : 'Former member',
              avatar: urlOf(row.original_avatar),
            },
            team:
              row.original_team_name !== null
                ? { id: row.original_team_id ?? 0, name: row.original_team_name }
                : { id: 0, name: 'Deleted engagement' },
          }
        : null,
    data,
    ...presentEngagement(row, urlOf),
  };
}

/** The post as the rules of spec §6 see it. */
export const postTarget = (row: Pick<PostView, 'user_id' | 'type_id' | 'is_forwarded' | 'extra'>) => ({
  author_id: row.user_id,
  type_id: row.type_id,
  is_forwarded: Number(row.is_forwarded) === 1,
  published: row.extra ? (JSON.parse(row.extra) as Extra).published === true : false,
});
