import { PostType, type PostDto, type PostTarget } from '@rally/contract';

/** What the header says the author did, per post type (spec §1 types; decisions.md ids). */
const ACTIONS: Record<number, string> = {
  [PostType.text]: 'shared a thought',
  [PostType.welcomemessage]: 'welcomed the team',
  [PostType.topic]: 'shared the inspiration of the day',
  [PostType.checkin]: 'asked how everyone feels',
  [PostType['checkin.reply']]: 'checked in',
  [PostType.teamvideo]: 'shared an engagement video',
  [PostType.watercooler]: 'opened the watercooler',
  [PostType.celebration]: 'made an announcement',
  [PostType.brightidea]: 'shared a bright idea',
  [PostType.todo]: 'shared a task',
  [PostType.slideshow]: 'shared a slideshow',
};

/** The header's action text; a check-in answer names the mood ('is feeling Happy'). */
export function actionText(post: PostDto): string | undefined {
  if (post.type_id === PostType['checkin.reply'] && post.data.mood) return `is feeling ${post.data.mood.name}`;
  return ACTIONS[post.type_id];
}

export const isKnownType = (typeId: number) => typeId in ACTIONS;

/** The post as the permission table asks about it (contract abilities.ts). */
export const postTarget = (post: PostDto): PostTarget => ({
  author_id: post.user.id,
  type_id: post.type_id,
  is_forwarded: post.is_forwarded,
  published: post.data.published ?? false,
});
