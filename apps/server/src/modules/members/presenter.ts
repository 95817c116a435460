import type { MemberDto } from '@rally/contract';
import type { MemberPreviewRow } from './repository.js';

export const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** Turns a stored key (a user's avatar) into a signed, expiring URL (`UploadsService.urlOf`). */
export type AvatarUrl = (key: string | null) => string | null;

/**
 * A member as the API shows it; the e-mail only where the viewer may see it (`TeamAccess.seesEmails`).
 * `users.avatar` holds a stored key (profile module), shown as a signed URL.
 */
export function presentMember(
  row: MemberPreviewRow & { email?: string },
  avatarUrl: AvatarUrl,
  withEmail = false,
): MemberDto {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName(row),
    avatar: avatarUrl(row.avatar),
    ...(withEmail ? { email: row.email } : {}),
    role_id: row.role_id,
  };
}
