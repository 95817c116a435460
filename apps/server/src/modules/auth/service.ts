import {
  Messages,
  ProfileMessages,
  Timing,
  type ChangePasswordData,
  type ConfirmEmailChangeData,
  type EmailChangeData,
  type LoginCodeData,
  type LoginData,
  type RegisterData,
  type ResetPasswordData,
  type VerifyAccountData,
  type VerifyResetTokenData,
  SecurityMessages,
} from '@rally/contract';
import type { Kysely, Transaction } from 'kysely';
import type { CodePurpose, Database, UserRow } from '../../db/schema.js';
import { recordEvent, transact } from '../../events/log.js';
import type { Principal, Session } from '../../http/authenticate.js';
import { AppError, forbidden, validation } from '../../http/errors.js';
import type { WorkQueue } from '../../queue/work-queue.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import { isCommonPassword } from './common-passwords.js';
import { emailChangeCodeMail, emailChangedMail, loginCodeMail, resetMail, verificationMail } from './mails.js';
import type { AuthRepository } from './repository.js';
import type { Sessions } from './session-cache.js';
import {
  dummyPasswordHash,
  hashCode,
  hashPassword,
  hashToken,
  newBearerToken,
  newCode,
  sameHash,
  verifyPassword,
} from './secrets.js';

export interface AuthServiceDeps {
  /** The database (the service opens its transactions on it). */
  db: Kysely<Database>;
  repo: AuthRepository;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  /** Runs inside the sign-up transaction once the user row exists (billing starts the Coach trial). */
  onUserCreated?: (userId: number, trx: Transaction<Database>) => Promise<void>;
  /** Work done after the answer (forgot-password), so known and unknown e-mails answer alike. */
  queue: WorkQueue;
  /**
   * Sessions kept in the process. Never told directly: every write that ends a session or changes
   * what it carries records `session.ended` or `user.updated`, and the cache hears it (ADR 0026).
   */
  sessions: Sessions;
  /** A session ends this long after its sign-in, however often it is used (SESSION_MAX_AGE_DAYS). */
  sessionMaxAgeMs: number;
}

/**
 * A new password (sign-up, reset, change) must not be one of the most common ones. Its own code,
 * so the routes never count it as a wrong answer to a secret.
 */
function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password))
    throw new AppError(422, 'password_too_common', SecurityMessages.passwordTooCommon, {
      password: [SecurityMessages.passwordTooCommon],
    });
}

const AUTH_LOGIN_CODE = 'auth.login-code';
const AUTH_RESET_CODE = 'auth.reset-code';

/** A session's last use is written at most this often (writing on every request would serialise SQLite). */
const TOUCH_EVERY_MS = 60_000;

/** The principal of a user row: everything but the password hash and bookkeeping. */
export const principalFrom = (row: Principal): Principal => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  avatar: row.avatar,
  email_verified_at: row.email_verified_at,
  created_at: row.created_at,
});

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * The user, their trial, their code and its mail commit together or not at all: a crash or a
   * failure half-way leaves no account that cannot sign up again and has lost its trial. The
   * password is hashed before the transaction, so no write lock waits for argon2.
   */
  async register(input: RegisterData): Promise<Principal> {
    const { repo } = this.deps;
    if (await repo.findUserByEmail(input.email)) throw validation({ email: [Messages.emailTaken] });
    refuseCommonPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const user = await transact(this.deps.db, async (trx) => {
      const now = nowIso();
      const created = await repo.createUser(
        {
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          password_hash: passwordHash,
          avatar: null,
          email_verified_at: null,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      if (!created) throw validation({ email: [Messages.emailTaken] });
      await this.deps.onUserCreated?.(created.id, trx);
      await this.sendVerificationCode(created, trx);
      return created;
    });
    return principalFrom(user);
  }

  /** Sends a new code when the account exists and is unverified; answers the same either way. */
  async resendVerificationCode(email: string): Promise<void> {
    const user = await this.deps.repo.findUserByEmail(email);
    if (user && !user.email_verified_at) await this.sendVerificationCode(user);
  }

  async verifyAccount(input: VerifyAccountData): Promise<{ user: Principal; token: string }> {
    const { repo } = this.deps;
    const user = await repo.findUserByEmail(input.email);
    // An unknown and an already verified e-mail answer as a wrong code does: nothing to learn here.
    const invalid = () => validation({ verification_code: [Messages.codeInvalid] });
    if (!user || user.email_verified_at) throw invalid();
    const codeId = await this.checkCode(user.id, 'verify', input.verification_code, invalid);
    const token = newBearerToken();
    // Spending the code, verifying and signing in are one step.
    await transact(this.deps.db, async (trx) => {
      if (!(await repo.consumeCode(codeId, trx))) throw invalid();
      await repo.markVerified(user.id, trx);
      await repo.insertToken(user.id, hashToken(token), trx);
    });
    const verified = (await repo.findUserById(user.id))!;
    return { user: principalFrom(verified), token };
  }

  async login(input: LoginData): Promise<{ user: Principal; token: string }> {
    const user = await this.deps.repo.findUserByEmail(input.email);
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) throw validation({ email: [Messages.invalidCredentials] }, Messages.invalidCredentials);
    // Only someone who knows the password learns that the account waits for its code, and gets
    // one, as the answer says: a new code, unless the last one went out within the Resend
    // countdown (the verify screen starts that countdown on this answer, as after sign-up).
    if (!user.email_verified_at) {
      // A code whose tries are all spent is no code: a new one goes out at once.
      const open = await this.deps.repo.findOpenCode(user.id, 'verify');
      if (
        !open ||
        open.attempts >= Timing.codeMaxAttempts ||
        Date.now() - Date.parse(open.created_at) >= Timing.resendCountdownMs
      )
        await this.sendVerificationCode(user);
      throw forbidden(Messages.accountNotVerified, 'account_not_verified');
    }
    return { user: principalFrom(user), token: await this.issueToken(user.id) };
  }

  /**
   * Mails a sign-in code (ADR 0021): the way in for the owner of an account whose password
   * sign-in is guarded. Answers at once and alike for every e-mail, as forgot-password does.
   */
  async requestLoginCode(email: string): Promise<void> {
    await transact(this.deps.db, (trx) => this.deps.queue.enqueue(trx, AUTH_LOGIN_CODE, { email }));
  }

  private async sendLoginCode(email: string): Promise<void> {
    const { repo, mailer, secret } = this.deps;
    const user = await repo.findUserByEmail(email);
    // An unverified account signs in by verifying it (its code is on the verify screen).
    if (!user?.email_verified_at) return;
    const code = newCode();
    await transact(this.deps.db, async (trx) => {
      await repo.replaceCode(user.id, 'login', hashCode(secret, code), isoAfter(Timing.codeTtlMs), trx);
      await mailer.send(loginCodeMail(user.email, user.first_name, code, Timing.codeTtlMs), trx);
    });
  }

  /** Signs in with a mailed sign-in code: single use, 10 minutes, its tries counted as other codes'. */
  async loginWithCode(input: LoginCodeData): Promise<{ user: Principal; token: string }> {
    const { repo } = this.deps;
    const invalid = () => validation({ code: [SecurityMessages.loginCodeInvalid] });
    const user = await repo.findUserByEmail(input.email);
    if (!user?.email_verified_at) throw invalid();
    const codeId = await this.checkCode(user.id, 'login', input.code, invalid);
    const token = newBearerToken();
    await transact(this.deps.db, async (trx) => {
      if (!(await repo.consumeCode(codeId, trx))) throw invalid();
      await repo.insertToken(user.id, hashToken(token), trx);
    });
    return { user: principalFrom(user), token };
  }

  /**
   * Resolves a bearer token to its session, or undefined. A session read within the last
   * `TOUCH_EVERY_MS` of its last use is answered from the cache (session-cache.ts), unless it
   * has outlived its maximum age meanwhile.
   */
  async authenticate(token: string): Promise<Session | undefined> {
    const { repo, sessions, sessionMaxAgeMs } = this.deps;
    const cached = await sessions.lookup(token);
    const now = Date.now();
    if (cached && now - cached.lastUsedAt <= TOUCH_EVERY_MS && now - cached.createdAt <= sessionMaxAgeMs)
      return cached.session;
    const epoch = sessions.epoch();
    const row = await repo.findUserByTokenHash(hashToken(token));
    if (!row) return undefined;
    const { token_id, token_created_at, token_last_used_at, ...user } = row;
    const createdAt = Date.parse(token_created_at);
    let lastUsedAt = Date.parse(token_last_used_at);
    const idle = Date.now() - lastUsedAt;
    // A session unused for 30 days ends, and any session SESSION_MAX_AGE_DAYS after its sign-in:
    // a leaked token is worth nothing for long, even to someone who keeps using it.
    if (idle > Timing.sessionIdleMs || Date.now() - createdAt > sessionMaxAgeMs) {
      await transact(this.deps.db, async (trx) => {
        // Only the request that deleted it tells: the others found it gone already.
        if (await repo.deleteToken(token_id, trx)) await this.sessionEnded(trx, user.id);
      });
      return undefined;
    }
    if (idle > TOUCH_EVERY_MS) {
      await transact(this.deps.db, (trx) => repo.touchToken(token_id, trx));
      lastUsedAt = Date.now();
    }
    const session = { user: principalFrom(user), tokenId: token_id };
    sessions.keep(token, epoch, { session, lastUsedAt, createdAt });
    return session;
  }

  async logout(session: Session): Promise<void> {
    const { repo } = this.deps;
    await transact(this.deps.db, async (trx) => {
      await repo.deleteToken(session.tokenId, trx);
      await this.sessionEnded(trx, session.user.id);
    });
  }

  /**
   * Always answers the same, and in the same time: the lookup, the code and the mail are queued
   * after the answer, so neither the reply nor its timing tells which e-mails have accounts.
   */
  async forgotPassword(email: string): Promise<void> {
    await transact(this.deps.db, (trx) => this.deps.queue.enqueue(trx, AUTH_RESET_CODE, { email }));
  }

  /** The handlers of the jobs queued above. */
  defineJobs(): void {
    const { queue } = this.deps;
    queue.define<{ email: string }>({ name: AUTH_LOGIN_CODE, handle: ({ email }) => this.sendLoginCode(email) });
    queue.define<{ email: string }>({ name: AUTH_RESET_CODE, handle: ({ email }) => this.sendResetCode(email) });
  }

  private async sendResetCode(email: string): Promise<void> {
    const { repo, mailer, secret } = this.deps;
    const user = await repo.findUserByEmail(email);
    if (!user) return;
    const code = newCode();
    await transact(this.deps.db, async (trx) => {
      await repo.replaceCode(user.id, 'reset', hashCode(secret, code), isoAfter(Timing.codeTtlMs), trx);
      await mailer.send(resetMail(user.email, user.first_name, code, Timing.codeTtlMs), trx);
    });
  }

  async verifyResetToken(input: VerifyResetTokenData): Promise<void> {
    const { repo } = this.deps;
    const invalid = () => validation({ token: [Messages.resetCodeInvalid] });
    const user = await repo.findUserByEmail(input.email);
    if (!user) throw invalid();
    // Only checked, not spent: the right code gives its try back.
    const codeId = await this.checkCode(user.id, 'reset', input.token, invalid);
    await transact(this.deps.db, (trx) => repo.refundAttempt(codeId, trx));
  }

  /** Sets the new password, proves the mailbox (so verifies the account) and ends every session. */
  async resetPassword(input: ResetPasswordData): Promise<void> {
    const { repo } = this.deps;
    refuseCommonPassword(input.password);
    const invalid = () => validation({ token: [Messages.resetCodeInvalid] });
    const user = await repo.findUserByEmail(input.email);
    if (!user) throw invalid();
    const codeId = await this.checkCode(user.id, 'reset', input.token, invalid);
    const passwordHash = await hashPassword(input.password);
    // The code is spent exactly when the new password is set and every session ends.
    await transact(this.deps.db, async (trx) => {
      if (!(await repo.consumeCode(codeId, trx))) throw invalid();
      await repo.setPasswordHash(user.id, passwordHash, trx);
      await repo.markVerified(user.id, trx);
      await repo.deleteTokensOfUser(user.id, undefined, trx);
      await this.sessionEnded(trx, user.id);
    });
  }

  /** Changes the password and ends the user's other sessions; this one stays signed in. */
  async changePassword(session: Session, input: ChangePasswordData): Promise<void> {
    const { user } = session;
    if (input.email !== user.email) throw validation({ email: [Messages.emailNotYours] });
    const row = await this.deps.repo.findUserById(user.id);
    if (!row || !(await verifyPassword(row.password_hash, input.old_password))) {
      throw validation({ old_password: [Messages.oldPasswordWrong] });
    }
    refuseCommonPassword(input.password);
    const { repo } = this.deps;
    const passwordHash = await hashPassword(input.password);
    await transact(this.deps.db, async (trx) => {
      await repo.setPasswordHash(user.id, passwordHash, trx);
      await repo.deleteTokensOfUser(user.id, session.tokenId, trx);
      await this.sessionEnded(trx, user.id);
    });
  }

  /**
   * Asks to move the account to `input.email` (decisions.md): the current password first, then a
   * code goes to the new address only. The account keeps its address, and sees nothing sent to
   * the new one, until `confirmEmailChange`; asking again replaces the code and the address.
   * Only someone who knows the password learns that an address is taken.
   */
  async requestEmailChange(session: Session, input: EmailChangeData): Promise<void> {
    const { repo, mailer, secret } = this.deps;
    const row = await repo.findUserById(session.user.id);
    if (!row || !(await verifyPassword(row.password_hash, input.current_password))) {
      throw validation({ current_password: [ProfileMessages.currentPasswordWrong] });
    }
    if (input.email === row.email) throw validation({ email: [ProfileMessages.emailUnchanged] });
    if (await repo.findUserByEmail(input.email)) throw validation({ email: [Messages.emailTaken] });
    const code = newCode();
    await transact(this.deps.db, async (trx) => {
      await repo.replaceCode(row.id, 'email', hashCode(secret, code), isoAfter(Timing.codeTtlMs), trx, input.email);
      await mailer.send(emailChangeCodeMail(input.email, row.first_name, code, Timing.codeTtlMs), trx);
    });
  }

  /**
   * Spends the code sent to the new address: the account moves to it (verified), the old address
   * is told, and every other session ends (this one stays), all in one transaction.
   */
  async confirmEmailChange(session: Session, input: ConfirmEmailChangeData): Promise<Principal> {
    const { repo, mailer } = this.deps;
    const { user, tokenId } = session;
    const invalid = () => validation({ verification_code: [Messages.codeInvalid] });
    const code = await this.checkOpenCode(user.id, 'email', input.verification_code, invalid);
    const before = await repo.findUserById(user.id);
    if (!code.new_email || !before) throw invalid();
    const newEmail = code.new_email;
    await transact(this.deps.db, async (trx) => {
      if (!(await repo.consumeCode(code.id, trx))) throw invalid();
      if (!(await repo.setEmail(user.id, newEmail, trx))) throw validation({ email: [Messages.emailTaken] });
      await repo.deleteTokensOfUser(user.id, tokenId, trx);
      await mailer.send(emailChangedMail(before.email, before.first_name), trx);
      await this.sessionEnded(trx, user.id);
      // Others see the new address too (team cards, member lists).
      await recordEvent(trx, { type: 'user.updated', team_id: null, user_id: user.id });
    });
    return principalFrom((await repo.findUserById(user.id))!);
  }

  /**
   * Records, last in `trx`, that sessions of `userId` ended: every process's session cache forgets
   * the user's sessions when it hears it, this one at the commit (before the answer goes out).
   */
  private sessionEnded(trx: Transaction<Database>, userId: number): Promise<void> {
    return recordEvent(trx, { type: 'session.ended', team_id: null, user_id: userId });
  }

  private async issueToken(userId: number): Promise<string> {
    const token = newBearerToken();
    await this.deps.repo.insertToken(userId, hashToken(token));
    return token;
  }

  /** A new verification code and its mail, together (in `trx`, or in a transaction of their own). */
  private async sendVerificationCode(
    user: Pick<UserRow, 'id' | 'email' | 'first_name'>,
    trx?: Transaction<Database>,
  ): Promise<void> {
    const { repo, mailer, secret, publicUrl } = this.deps;
    const code = newCode();
    const url = new URL('/verify-account', publicUrl).toString();
    const write = async (trx: Transaction<Database>) => {
      await repo.replaceCode(user.id, 'verify', hashCode(secret, code), isoAfter(Timing.codeTtlMs), trx);
      await mailer.send(verificationMail(user.email, user.first_name, code, Timing.codeTtlMs, url), trx);
    };
    if (trx) return write(trx); // the caller's commit sends it
    await transact(this.deps.db, write);
  }

  /**
   * Checks a code and answers its id: wrong tries count (Timing.codeMaxAttempts in all, then the
   * code dies), expired or used codes never match. Each try is claimed before the comparison, so
   * parallel guesses count too. The caller spends the code, or gives the try back.
   */
  private async checkCode(userId: number, purpose: CodePurpose, code: string, invalid: () => Error): Promise<number> {
    return (await this.checkOpenCode(userId, purpose, code, invalid)).id;
  }

  /** `checkCode`, answering the whole code row (an 'email' code carries its new address). */
  private async checkOpenCode(userId: number, purpose: CodePurpose, code: string, invalid: () => Error) {
    const { repo, secret } = this.deps;
    const open = await repo.findOpenCode(userId, purpose);
    if (!open || !(await transact(this.deps.db, (trx) => repo.claimAttempt(open.id, Timing.codeMaxAttempts, trx))))
      throw invalid();
    if (!sameHash(open.code_hash, hashCode(secret, code))) throw invalid();
    return open;
  }
}
