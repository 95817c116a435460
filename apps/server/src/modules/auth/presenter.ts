import type { AuthUserDto, UserDto } from '@rally/contract';
import type { Principal } from '../../http/authenticate.js';

/** Turns the stored avatar key into a signed, expiring URL (`UploadsService.urlOf`). */
export type AvatarUrl = (key: string | null) => string | null;

/** The API shape of a user (spec §3); never the raw row. */
export function presentUser(row: Principal, avatarUrl: AvatarUrl): UserDto {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    avatar: avatarUrl(row.avatar),
    email_verified_at: row.email_verified_at,
    created_at: row.created_at,
  };
}

export const presentAuthUser = (row: Principal, token: string, avatarUrl: AvatarUrl): AuthUserDto => ({
  ...presentUser(row, avatarUrl),
  token,
});
