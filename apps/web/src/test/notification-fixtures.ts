import type { NotificationDto } from '@rally/contract';

/**
 * A notification as the API sends it: the structured facts, and a `data.message` the web must not
 * show (it builds the sentence from the facts; older servers' sentences are only for older clients).
 */
export const notificationOf = (
  id: number,
  actor: string,
  kind: string,
  over: Partial<NotificationDto> = {},
): NotificationDto => ({
  id,
  kind,
  actor: { id: 30 + id, name: actor },
  team: { id: 5, name: 'Rowing' },
  object: { kind: 'post', id: 70 + id },
  data: { avatar: null, message: 'not this sentence', team_name: 'Rowing', url: '/engagements/5/timeline' },
  read_at: null,
  created_at: '2026-11-23T10:00:00.000Z',
  ...over,
});
