import type { TopicDto } from '@rally/contract';
import { presentEngagement, presentPerson, type UrlOf } from '../engagement/presenter.js';
import type { TopicView } from './repository.js';

export function presentTopic(row: TopicView, urlOf: UrlOf): TopicDto {
  return {
    id: row.id,
    team_id: row.team_id,
    content: row.content,
    created_at: row.created_at,
    publish_date: row.publish_date,
    published_at: row.published_at,
    post_id: row.post_id,
    user: presentPerson(
      {
        id: row.user_id,
        first_name: row.author_first_name,
        last_name: row.author_last_name,
        avatar: row.author_avatar,
      },
      urlOf,
    ),
    data: { content: row.content },
    ...presentEngagement(row, urlOf),
  };
}
