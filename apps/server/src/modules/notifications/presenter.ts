import { NOTIFICATION_OBJECTS, isNotificationKind, notificationSentence, type NotificationDto } from '@rally/contract';
import type { NotificationView } from './repository.js';

/**
 * What `data` holds: the names as they were when it happened, and where it opens. The sentence is
 * not stored; it is built from the fields by the contract's `notificationSentence`. (Rows from
 * before issue 21 hold `message` and no `actor_name`: they read the actor's current name.)
 */
export interface StoredData {
  actor_name?: string;
  team_name: string | null;
  url?: string;
  /** member.role_changed: the role given. */
  role_id?: number;
  message?: string;
}

export function presentNotification(row: NotificationView): NotificationDto {
  const stored = JSON.parse(row.data) as StoredData;
  const actor = {
    id: row.actor_id,
    name: stored.actor_name ?? `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim(),
  };
  const team = row.team_id === null ? null : { id: row.team_id, name: stored.team_name ?? '' };
  const objectKind = isNotificationKind(row.kind) ? NOTIFICATION_OBJECTS[row.kind] : undefined;
  const objectId = objectKind === 'role' ? stored.role_id : row.subject;
  const object = objectKind && objectId !== undefined && objectId !== null ? { kind: objectKind, id: objectId } : null;
  const facts = { kind: row.kind, actor, team, object };
  return {
    id: row.id,
    ...facts,
    data: {
      avatar: row.actor_avatar,
      message: isNotificationKind(row.kind) ? notificationSentence(facts) : (stored.message ?? actor.name),
      team_name: stored.team_name,
      ...(stored.url ? { url: stored.url } : {}),
    },
    read_at: row.read_at,
    created_at: row.created_at,
  };
}
