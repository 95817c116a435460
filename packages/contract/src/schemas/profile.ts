import { z } from 'zod';
import { Limits } from '../limits.js';
import { MOOD_IDS } from '../lookups.js';
import { Messages } from '../messages.js';
import { ProfileMessages } from '../profile-messages.js';
import { isTimeZone } from '../time-zone.js';
import { codeField, userDto } from './auth.js';
import { type TextKind, emailField, idParam, textField } from './common.js';

/** Default availability (spec §9): 08:00–17:00 for working and personal hours alike. */
export const DEFAULT_HOURS = { start: '08:00', end: '17:00' } as const;

const HOURS_MINUTES = /^([01]\d|2[0-3]):[0-5]\d$/;

const requiredText = (max: number) =>
  textField('line', Messages.fieldRequired)
    .min(1, { error: Messages.fieldRequired, abort: true })
    .max(max, Messages.tooLong);

/** Optional free text: absent keeps the stored value, null or blank clears it. */
const optionalText = (kind: TextKind, max: number) =>
  textField(kind)
    .max(max, Messages.tooLong)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const hoursField = textField('line')
  .transform((v) => (v === '' ? null : v))
  .pipe(z.string().regex(HOURS_MINUTES, ProfileMessages.hoursInvalid).nullable())
  .nullable()
  .optional();

/** The time zone option the API returns (spec §3): the IANA name and a label to show. */
export const timeZoneOptionSchema = z.object({ tzCode: z.string(), label: z.string() });
export type TimeZoneOption = z.infer<typeof timeZoneOptionSchema>;

/**
 * A time zone as a client sends it: an IANA name, or the option the API itself returns (spec §3,
 * so a client may send back what it read; its label is ignored). Stored as the IANA name.
 */
const timeZoneField = z
  .union(
    [
      z.object({ tzCode: textField('line'), label: textField('line').optional() }).transform((o) => o.tzCode),
      textField('line'),
    ],
    { error: ProfileMessages.timezoneInvalid },
  )
  .transform((v) => (v === '' ? null : v))
  .pipe(z.string().refine(isTimeZone, ProfileMessages.timezoneInvalid).nullable())
  .nullable()
  .optional();

export const geoLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type GeoLocation = z.infer<typeof geoLocationSchema>;

/** `GET geocode/config`: whether the server has a geocoder (GEOCODER_URL) for location autocomplete. */
export const geocoderDto = z.object({ enabled: z.boolean() });
export type GeocoderDto = z.infer<typeof geocoderDto>;

/** `GET geocode?q=`: an address or place to look up. */
export const geocodeQuery = z.object({ q: textField('line', Messages.fieldRequired).min(2).max(200) });

/** One match of the geocoder: what to show and where it is. */
export const geocodeResultDto = geoLocationSchema.extend({ label: z.string() });
export type GeocodeResultDto = z.infer<typeof geocodeResultDto>;

/** POST user/profile/aboutme. */
export const aboutMeSchema = z.object({
  about_me: textField('lines', Messages.fieldRequired)
    .min(1, { error: Messages.fieldRequired, abort: true })
    .min(Limits.aboutMeMin, ProfileMessages.aboutMeMin)
    .max(Limits.aboutMax, Messages.tooLong),
});
export type AboutMeInput = z.input<typeof aboutMeSchema>;

/** POST user/profile/skills. */
export const skillsSchema = z.object({
  about_skills: optionalText('lines', Limits.aboutMax).transform((v) => v ?? null),
});
export type SkillsInput = z.input<typeof skillsSchema>;

/**
 * POST user/profile/bio: basic info and availability hours. First name, last name and e-mail are
 * always sent (spec §5); any other field left out keeps its stored value, null or '' clears it.
 */
export const bioSchema = z.object({
  first_name: requiredText(Limits.nameMax),
  last_name: requiredText(Limits.nameMax),
  email: textField('line', Messages.fieldRequired)
    .min(1, { error: Messages.fieldRequired, abort: true })
    .pipe(emailField),
  about_skills: optionalText('lines', Limits.aboutMax),
  phone: textField('line')
    .max(Limits.phoneMax, Messages.tooLong)
    .regex(/^[0-9+()\-.\s]*$/, ProfileMessages.phoneInvalid)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  location: optionalText('line', Limits.locationMax),
  geo_location: geoLocationSchema.nullable().optional(),
  working_hours_start: hoursField,
  working_hours_end: hoursField,
  personal_hours_start: hoursField,
  personal_hours_end: hoursField,
  timezone: timeZoneField,
});
export type BioInput = z.input<typeof bioSchema>;
export type BioData = z.output<typeof bioSchema>;

/** POST user/profile/email: the new address and the current password; a code goes to the new address. */
export const emailChangeSchema = z.object({
  email: emailField,
  current_password: z
    .string({ error: ProfileMessages.currentPasswordRequired })
    .min(1, ProfileMessages.currentPasswordRequired)
    .max(Limits.passwordMax, Messages.tooLong),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;
export type EmailChangeData = z.output<typeof emailChangeSchema>;

/** POST user/profile/email/confirm: the code sent to the new address; the change takes effect. */
export const confirmEmailChangeSchema = z.object({
  verification_code: codeField(Messages.codeRequired, Messages.codeMin),
});
export type ConfirmEmailChangeInput = z.input<typeof confirmEmailChangeSchema>;
export type ConfirmEmailChangeData = z.output<typeof confirmEmailChangeSchema>;

/** POST user/profile/mood: a mood of group 1, or null to clear. */
export const profileMoodSchema = z.object({
  mood_id: z
    .number({ error: ProfileMessages.moodInvalid })
    .int()
    .refine((id) => MOOD_IDS.includes(id), ProfileMessages.moodInvalid)
    .nullable(),
});
export type ProfileMoodInput = z.input<typeof profileMoodSchema>;

/** The JSON form of POST user/profile/avatar: `{ avatar: null }` clears it (a file comes as multipart). */
export const clearAvatarSchema = z.object({ avatar: z.null({ error: ProfileMessages.imageRequired }) });
/** The JSON form of POST user/profile/cover. */
export const clearCoverSchema = z.object({ cover: z.null({ error: ProfileMessages.imageRequired }) });
/** The JSON form of POST user/profile/funpics: clears one of the two. */
export const clearFunPicSchema = z.union(
  [z.object({ secondary_image_1: z.null() }).strict(), z.object({ secondary_image_2: z.null() }).strict()],
  { error: ProfileMessages.imageRequired },
);
export const FUN_PIC_FIELDS = ['secondary_image_1', 'secondary_image_2'] as const;
export type FunPicField = (typeof FUN_PIC_FIELDS)[number];

export const userIdParams = z.object({ id: idParam });

/** The nested profile of spec §3; hours always 'HH:MM' (the default when none is stored). */
export const profileDto = z.object({
  /** Null for anyone but the owner. */
  phone: z.string().nullable(),
  location: z.string().nullable(),
  geo_location: geoLocationSchema.nullable(),
  timezone: timeZoneOptionSchema.nullable(),
  about_me: z.string().nullable(),
  about_skills: z.string().nullable(),
  /** Signed URLs. */
  cover: z.string().nullable(),
  mood_id: z.number().int().nullable(),
  working_hours_start: z.string(),
  working_hours_end: z.string(),
  personal_hours_start: z.string(),
  personal_hours_end: z.string(),
  secondary_image_1: z.string().nullable(),
  secondary_image_2: z.string().nullable(),
});
export type ProfileDto = z.infer<typeof profileDto>;

/** GET user/profile and every profile write: the signed-in user with their profile. */
export const ownProfileDto = userDto.extend({ profile: profileDto });
export type OwnProfileDto = z.infer<typeof ownProfileDto>;

/**
 * GET user/profile/{id}: a teammate's read-only profile. Their e-mail and phone are null: contact
 * details are the owner's to share, and teammates reach each other inside Rally.
 */
export const userProfileDto = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  profile: profileDto,
});
export type UserProfileDto = z.infer<typeof userProfileDto>;
