import type { TaskDto, TaskTarget, TodoListDto } from '@rally/contract';
import { rowsOfJson } from '../../db/dialect.js';
import { mediaTypeName, presentEngagement, presentPerson, type UrlOf } from '../engagement/presenter.js';
import { presentMedia } from '../uploads/media-view.js';
import type { TaskView, TodoListView } from './repository.js';

export const presentList = (row: TodoListView, urlOf: UrlOf): TodoListDto => ({
  id: row.id,
  team_id: row.team_id,
  name: row.name,
  notifications_count: Number(row.notifications_count),
  user: presentPerson(
    { id: row.user_id, first_name: row.first_name, last_name: row.last_name, avatar: row.avatar },
    urlOf,
  ),
  created_at: row.created_at,
});

export function presentTask(row: TaskView, urlOf: UrlOf): TaskDto {
  const { media, media_status, poster } = presentMedia(urlOf, row);
  const tagged = rowsOfJson(row.tags).map((p) => presentPerson(p, urlOf));
  return {
    id: row.id,
    todo_list_id: row.todo_list_id,
    team_id: row.team_id,
    description: row.description,
    text: row.description,
    priority: row.priority,
    due_date: row.due_date,
    media,
    // Known while the file is converted too: the card says what is coming.
    media_type: row.media_key ? (mediaTypeName(row.media_type_id) as 'photo' | 'video' | 'audio') : null,
    media_type_id: row.media_key ? row.media_type_id : null,
    media_status,
    poster,
    status_id: Number(row.status_id),
    completed_at: row.completed_at,
    completed_by:
      row.completed_by !== null && row.completer_first_name !== null
        ? presentPerson(
            {
              id: row.completed_by,
              first_name: row.completer_first_name,
              last_name: row.completer_last_name ?? '',
              avatar: row.completer_avatar,
            },
            urlOf,
          )
        : null,
    tagged_users: tagged,
    tag_users: tagged.map((u) => u.id),
    user: presentPerson(
      {
        id: row.user_id,
        first_name: row.author_first_name,
        last_name: row.author_last_name,
        avatar: row.author_avatar,
      },
      urlOf,
    ),
    created_at: row.created_at,
    ...presentEngagement(row, urlOf),
  };
}

/** The task as the rule of spec §4 sees it. */
export const taskTarget = (creatorId: number, taggedIds: readonly number[]): TaskTarget => ({
  creator_id: creatorId,
  tagged_ids: taggedIds,
});
