import type { Kysely, Updateable } from 'kysely';
import type { Database, Executor, ProfileRow, ProfilesTable } from '../../db/schema.js';
import { compileOnce } from '../../db/compile-once.js';
import { nowIso } from '../../lib/clock.js';

/** A user's own columns that the profile shows and edits. */
export interface ProfileUserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  avatar: string | null;
  email_verified_at: string | null;
  created_at: string;
}

export type ProfileValues = Omit<Updateable<ProfilesTable>, 'user_id' | 'updated_at'>;

/** Profiles (the user columns they edit are written by auth's repository, `updateOwnColumns`). */
export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user and their profile row (undefined until their first profile edit), in one query. */
  async find(
    userId: number,
    ex: Executor = this.db,
  ): Promise<{ user: ProfileUserRow; profile?: ProfileRow } | undefined> {
    const [row] = ex === this.db ? await this.findQuery(userId) : await this.profileOf(ex, userId).execute();
    if (!row) return undefined;
    const { id, first_name, last_name, email, avatar, email_verified_at, created_at, user_id, updated_at, ...p } = row;
    const user = { id, first_name, last_name, email, avatar, email_verified_at, created_at };
    return user_id === null || updated_at === null ? { user } : { user, profile: { ...p, user_id, updated_at } };
  }

  private profileOf(ex: Executor, userId: number) {
    return ex
      .selectFrom('users as u')
      .leftJoin('profiles as p', 'p.user_id', 'u.id')
      .select([
        'u.id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.avatar',
        'u.email_verified_at',
        'u.created_at',
        'p.user_id',
        'p.phone',
        'p.location',
        'p.geo_lat',
        'p.geo_lng',
        'p.timezone',
        'p.about_me',
        'p.about_skills',
        'p.cover',
        'p.mood_id',
        'p.working_hours_start',
        'p.working_hours_end',
        'p.personal_hours_start',
        'p.personal_hours_end',
        'p.secondary_image_1',
        'p.secondary_image_2',
        'p.updated_at',
      ])
      .where('u.id', '=', userId);
  }

  // GET user/profile runs it on every call: built and compiled once.
  private readonly findQuery = compileOnce(
    () => this.db,
    (userId: number) => this.profileOf(this.db, userId),
  );

  /** True when both users are members of one team (the only people who may see each other's profile). */
  async shareTeam(a: number, b: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('team_members as m1')
      .innerJoin('team_members as m2', 'm2.team_id', 'm1.team_id')
      .select('m1.team_id')
      .where('m1.user_id', '=', a)
      .where('m2.user_id', '=', b)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Writes the given profile columns, creating the row on the first edit. */
  async saveProfile(userId: number, values: ProfileValues, ex: Executor): Promise<void> {
    const updated_at = nowIso();
    await ex
      .insertInto('profiles')
      .values({ ...values, user_id: userId, updated_at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at }))
      .execute();
  }
}
