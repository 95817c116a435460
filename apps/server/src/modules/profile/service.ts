import {
  type BioData,
  type FunPicField,
  type OwnProfileDto,
  type UserProfileDto,
  ProfileMessages,
} from '@rally/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordEvent, transact } from '../../events/log.js';
import type { AuthRepository } from '../auth/repository.js';
import { notFound } from '../../http/errors.js';
import type { UploadsService } from '../uploads/service.js';
import { storedPicture, type FileStorage } from '../uploads/storage.js';
import { presentOwnProfile, presentUserProfile } from './presenter.js';
import type { ProfileRepository, ProfileValues } from './repository.js';

export interface ProfileDeps {
  /** The database (the service opens its transactions on it). */
  db: Kysely<Database>;
  repo: ProfileRepository;
  /** Writes the user columns a profile edits (`users` belongs to auth). */
  users: AuthRepository;
  /** Avatars, covers and fun pics: stored as keys under users/<id>/, presented by `uploads.urlOf`. */
  storage: FileStorage;
  uploads: Pick<UploadsService, 'urlOf' | 'requireSpace'>;
}

/** Which profile image a write replaces: the user's avatar or a column of their profile. */
export type ProfileImage = 'avatar' | 'cover' | FunPicField;

const HOURS_FIELDS = [
  'working_hours_start',
  'working_hours_end',
  'personal_hours_start',
  'personal_hours_end',
  'timezone',
] as const;

/**
 * A user's profile. Every write acts on the signed-in user's own profile (no call names another
 * user), so only the owner ever edits it; reading someone else's needs a shared team. A write of
 * what a session carries and others see (the names, the avatar) records `user.updated` in its
 * transaction: kept sessions and team cards of every process hear it (ADR 0026).
 */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  async own(userId: number): Promise<OwnProfileDto> {
    const found = await this.deps.repo.find(userId);
    if (!found) throw notFound();
    return presentOwnProfile(found.user, found.profile, this.deps.uploads.urlOf);
  }

  /** Someone's profile: the viewer's own, or a user who shares a team with them; nobody else (404). */
  async view(viewerId: number, userId: number): Promise<UserProfileDto> {
    if (userId !== viewerId && !(await this.deps.repo.shareTeam(viewerId, userId))) throw notFound();
    const found = await this.deps.repo.find(userId);
    if (!found) throw notFound();
    return presentUserProfile(found.user, found.profile, this.deps.uploads.urlOf, viewerId);
  }

  /**
   * Stores a new image (a PNG, JPEG or WebP, decoded and re-encoded: `storedPicture`) or clears it
   * with null. 413 when the user's storage is full.
   */
  async setImage(userId: number, which: ProfileImage, data: Buffer | null): Promise<OwnProfileDto> {
    const { repo, storage, uploads } = this.deps;
    const picture = data ? await storedPicture(data) : null;
    if (picture) await uploads.requireSpace(userId, undefined, picture.data.length);
    const key = picture ? await storage.put(`users/${userId}`, picture.data, picture.ext) : null;
    let before: string | null = null;
    try {
      before = await transact(this.deps.db, async (trx) => {
        const found = await repo.find(userId, trx);
        if (!found) throw notFound();
        if (which === 'avatar') {
          await this.deps.users.updateOwnColumns(userId, { avatar: key }, trx);
          await recordEvent(trx, { type: 'user.updated', team_id: null, user_id: userId });
          return found.user.avatar;
        }
        await repo.saveProfile(userId, { [which]: key }, trx);
        return found.profile?.[which] ?? null;
      });
    } catch (err) {
      await storage.remove(key);
      throw err;
    }
    await storage.remove(before);
    return this.own(userId);
  }

  async setAboutMe(userId: number, aboutMe: string): Promise<OwnProfileDto> {
    await transact(this.deps.db, (trx) => this.deps.repo.saveProfile(userId, { about_me: aboutMe }, trx));
    return this.own(userId);
  }

  async setSkills(userId: number, skills: string | null): Promise<OwnProfileDto> {
    await transact(this.deps.db, (trx) => this.deps.repo.saveProfile(userId, { about_skills: skills }, trx));
    return this.own(userId);
  }

  async setMood(userId: number, moodId: number | null): Promise<OwnProfileDto> {
    await transact(this.deps.db, (trx) => this.deps.repo.saveProfile(userId, { mood_id: moodId }, trx));
    return this.own(userId);
  }

  /**
   * Basic info and availability hours. Fields left out keep their values. Answers the profile and
   * whether only the availability hours (and time zone) changed, which picks the success message.
   */
  async updateBio(userId: number, input: BioData): Promise<{ profile: OwnProfileDto; message: string }> {
    const { repo } = this.deps;
    const { first_name, last_name, email, geo_location, ...rest } = input;
    const values: ProfileValues = {};
    for (const [k, v] of Object.entries(rest) as [keyof typeof rest, string | null | undefined][])
      if (v !== undefined) values[k] = v;
    if (geo_location !== undefined) {
      values.geo_lat = geo_location?.lat ?? null;
      values.geo_lng = geo_location?.lng ?? null;
    }
    const changed = await transact(this.deps.db, async (trx) => {
      const found = await repo.find(userId, trx);
      if (!found) throw notFound();
      const { user, profile } = found;
      // A new e-mail is not taken from here (decisions.md): it needs the password and a code sent
      // to it (POST user/profile/email); the rest saves and the answer says so.
      await this.deps.users.updateOwnColumns(userId, { first_name, last_name }, trx);
      await repo.saveProfile(userId, values, trx);
      const diff = new Set<string>();
      if (first_name !== user.first_name) diff.add('first_name');
      if (last_name !== user.last_name) diff.add('last_name');
      if (email !== user.email) diff.add('email');
      for (const [k, v] of Object.entries(values)) if ((profile?.[k as keyof ProfileValues] ?? null) !== v) diff.add(k);
      // On every save, not only when `diff` has a name: on PostgreSQL a save committing between
      // the read above and the write could make a real change look like none.
      await recordEvent(trx, { type: 'user.updated', team_id: null, user_id: userId });
      return diff;
    });
    const isHours = (k: string) => (HOURS_FIELDS as readonly string[]).includes(k);
    // The Availablity Hours tab sends the names and e-mail unchanged with the hours.
    const hoursOnly = ![...changed].some((k) => !isHours(k)) && HOURS_FIELDS.some((k) => input[k] !== undefined);
    const message = changed.has('email')
      ? ProfileMessages.emailNeedsConfirmation
      : hoursOnly
        ? ProfileMessages.availabilityUpdated
        : ProfileMessages.basicInfoUpdated;
    return { profile: await this.own(userId), message };
  }
}
