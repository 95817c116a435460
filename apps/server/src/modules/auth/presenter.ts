import type { AuthUserDto, UserDto } from '@rally/contract';
import type { UserRow } from '../../db/schema.js';

/** The API shape of a user (spec §3); never the raw row. */
export function presentUser(row: UserRow): UserDto {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    avatar: row.avatar,
    email_verified_at: row.email_verified_at,
    created_at: row.created_at,
  };
}

export const presentAuthUser = (row: UserRow, token: string): AuthUserDto => ({ ...presentUser(row), token });
