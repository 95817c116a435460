import { DEFAULT_HOURS, type OwnProfileDto, type ProfileDto, type UserProfileDto } from '@rally/contract';
import type { ProfileRow } from '../../db/schema.js';
import type { ProfileUserRow } from './repository.js';

type UrlOf = (key: string | null) => string | null;

/** `Europe/Berlin (GMT+01:00)`: the spec's time zone option ({ tzCode, label }). */
/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormat = (tzCode: string): Intl.DateTimeFormat => {
  let format = offsetFormats.get(tzCode);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: tzCode, timeZoneName: 'longOffset' });
    offsetFormats.set(tzCode, format);
  }
  return format;
};

export function timeZoneOption(tzCode: string, at: Date = new Date()): { tzCode: string; label: string } {
  try {
    const part = offsetFormat(tzCode)
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    const offset = part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? '');
    return { tzCode, label: offset ? `${tzCode} (${offset})` : tzCode };
  } catch {
    return { tzCode, label: tzCode };
  }
}

/**
 * The nested profile of spec §3. Hours not stored yet are the 08:00–17:00 default; stored keys
 * become signed URLs. `owner` false hides the phone (contact details are the owner's to share).
 */
export function presentProfile(row: ProfileRow | undefined, urlOf: UrlOf, owner: boolean): ProfileDto {
  return {
    phone: owner ? (row?.phone ?? null) : null,
    location: row?.location ?? null,
    geo_location:
      row?.geo_lat !== null && row?.geo_lat !== undefined && row.geo_lng !== null
        ? { lat: row.geo_lat, lng: row.geo_lng }
        : null,
    timezone: row?.timezone ? timeZoneOption(row.timezone) : null,
    about_me: row?.about_me ?? null,
    about_skills: row?.about_skills ?? null,
    cover: urlOf(row?.cover ?? null),
    mood_id: row?.mood_id ?? null,
    working_hours_start: row?.working_hours_start ?? DEFAULT_HOURS.start,
    working_hours_end: row?.working_hours_end ?? DEFAULT_HOURS.end,
    personal_hours_start: row?.personal_hours_start ?? DEFAULT_HOURS.start,
    personal_hours_end: row?.personal_hours_end ?? DEFAULT_HOURS.end,
    secondary_image_1: urlOf(row?.secondary_image_1 ?? null),
    secondary_image_2: urlOf(row?.secondary_image_2 ?? null),
  };
}

const fullName = (u: ProfileUserRow) => `${u.first_name} ${u.last_name}`.trim();

/** The signed-in user with everything of their profile. */
export const presentOwnProfile = (
  user: ProfileUserRow,
  profile: ProfileRow | undefined,
  urlOf: UrlOf,
): OwnProfileDto => ({
  id: user.id,
  first_name: user.first_name,
  last_name: user.last_name,
  full_name: fullName(user),
  email: user.email,
  avatar: urlOf(user.avatar),
  email_verified_at: user.email_verified_at,
  created_at: user.created_at,
  profile: presentProfile(profile, urlOf, true),
});

/** Someone's profile as `viewerId` sees it: a teammate sees neither e-mail nor phone. */
export function presentUserProfile(
  user: ProfileUserRow,
  profile: ProfileRow | undefined,
  urlOf: UrlOf,
  viewerId: number,
): UserProfileDto {
  const owner = user.id === viewerId;
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user),
    email: owner ? user.email : null,
    avatar: urlOf(user.avatar),
    profile: presentProfile(profile, urlOf, owner),
  };
}
