import type { NotificationDto } from '@rally/contract';
import type { NotificationView } from './repository.js';

/** What `data` holds besides the avatar, which is the actor's current one (read at list time). */
export interface StoredData {
  message: string;
  team_name: string | null;
  url?: string;
}

export function presentNotification(row: NotificationView): NotificationDto {
  const stored = JSON.parse(row.data) as StoredData;
  return {
    id: row.id,
    kind: row.kind,
    data: {
      avatar: row.actor_avatar,
      message: stored.message,
      team_name: stored.team_name,
      ...(stored.url ? { url: stored.url } : {}),
    },
    read_at: row.read_at,
    created_at: row.created_at,
  };
}
