import type { Kysely, Transaction } from 'kysely';
import type { CodePurpose, Database, Executor, NewUser, UserRow } from '../../db/schema.js';
import { compileOnce } from '../../db/compile-once.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { nowIso } from '../../lib/clock.js';

/** What a signed-in request knows of its user (never the password hash). */
const PRINCIPAL_COLUMNS = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.avatar',
  'users.email_verified_at',
  'users.created_at',
] as const;

/** Users, bearer tokens and one-time codes: the only code of this module that touches Kysely. */
export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Updates the user's own columns (never the e-mail: that changes through the confirmed e-mail change). */
  async updateOwnColumns(
    userId: number,
    values: { first_name?: string; last_name?: string; avatar?: string | null },
    ex: Executor,
  ): Promise<void> {
    await ex
      .updateTable('users')
      .set({ ...values, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findUserById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts a user; undefined when the e-mail is taken (also when a concurrent sign-up won the race). */
  async createUser(user: NewUser, ex: Executor = this.db): Promise<UserRow | undefined> {
    try {
      return await ex.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  async markVerified(userId: number, ex: Executor = this.db): Promise<void> {
    const now = nowIso();
    await ex
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .where('email_verified_at', 'is', null)
      .execute();
  }

  /**
   * Moves the account to a proven address (so it is verified) in `ex`; false when another
   * account took the address first.
   */
  async setEmail(userId: number, email: string, ex: Executor = this.db): Promise<boolean> {
    const now = nowIso();
    try {
      await ex
        .updateTable('users')
        .set({ email, email_verified_at: now, updated_at: now })
        .where('id', '=', userId)
        .execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async setPasswordHash(userId: number, passwordHash: string, ex: Executor = this.db): Promise<void> {
    await ex
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
  }

  async insertToken(userId: number, tokenHash: string, ex: Executor = this.db): Promise<void> {
    const now = nowIso();
    await ex
      .insertInto('auth_tokens')
      .values({ user_id: userId, token_hash: tokenHash, created_at: now, last_used_at: now })
      .execute();
  }

  /** The user a bearer token belongs to, with the token's id and last use: every signed-in request asks. */
  async findUserByTokenHash(tokenHash: string) {
    const [row] = await this.userByTokenHash(tokenHash);
    return row;
  }

  private readonly userByTokenHash = compileOnce(
    () => this.db,
    (tokenHash: string) =>
      this.db
        .selectFrom('auth_tokens')
        .innerJoin('users', 'users.id', 'auth_tokens.user_id')
        .select([
          ...PRINCIPAL_COLUMNS,
          'auth_tokens.id as token_id',
          'auth_tokens.created_at as token_created_at',
          'auth_tokens.last_used_at as token_last_used_at',
        ])
        .where('auth_tokens.token_hash', '=', tokenHash),
  );

  async touchToken(tokenId: number, ex: Executor): Promise<void> {
    await ex.updateTable('auth_tokens').set({ last_used_at: nowIso() }).where('id', '=', tokenId).execute();
  }

  /** Deletes one session; false when it was gone already. */
  async deleteToken(tokenId: number, ex: Executor = this.db): Promise<boolean> {
    const res = await ex.deleteFrom('auth_tokens').where('id', '=', tokenId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Revokes every session of a user, or all but one. */
  async deleteTokensOfUser(userId: number, exceptTokenId?: number, ex: Executor = this.db): Promise<void> {
    await ex
      .deleteFrom('auth_tokens')
      .where('user_id', '=', userId)
      .$if(exceptTokenId !== undefined, (q) => q.where('id', '!=', exceptTokenId!))
      .execute();
  }

  /**
   * Replaces any open code of this purpose with a new one, in the caller's transaction `trx`.
   * `newEmail`: the address an 'email' code changes the account to.
   */
  async replaceCode(
    userId: number,
    purpose: CodePurpose,
    codeHash: string,
    expiresAt: string,
    trx: Transaction<Database>,
    newEmail: string | null = null,
  ): Promise<void> {
    await trx.deleteFrom('one_time_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    await trx
      .insertInto('one_time_codes')
      .values({
        user_id: userId,
        purpose,
        code_hash: codeHash,
        attempts: 0,
        expires_at: expiresAt,
        used_at: null,
        created_at: nowIso(),
        new_email: newEmail,
      })
      .execute();
  }

  /** The newest unused, unexpired code of this purpose. */
  findOpenCode(userId: number, purpose: CodePurpose) {
    return this.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /**
   * Takes one try of a code in a single conditional update, before the code is compared, so
   * guesses sent in parallel cannot get more than `maxAttempts` comparisons. False when the code
   * is used up, spent or expired.
   */
  async claimAttempt(codeId: number, maxAttempts: number, ex: Executor): Promise<boolean> {
    const res = await ex
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', codeId)
      .where('attempts', '<', maxAttempts)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Gives back the try of a right code that was only checked, not spent. */
  async refundAttempt(codeId: number, ex: Executor): Promise<void> {
    await ex
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', codeId)
      .where('attempts', '>', 0)
      .execute();
  }

  /** Marks a code used; false when another request used it first. */
  async consumeCode(codeId: number, ex: Executor = this.db): Promise<boolean> {
    const res = await ex
      .updateTable('one_time_codes')
      .set({ used_at: nowIso() })
      .where('id', '=', codeId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
