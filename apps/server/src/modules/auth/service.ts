import {
  Messages,
  Timing,
  type ChangePasswordData,
  type LoginData,
  type RegisterData,
  type ResetPasswordData,
  type VerifyAccountData,
  type VerifyResetTokenData,
} from '@rally/contract';
import type { CodePurpose, UserRow } from '../../db/schema.js';
import type { Principal, Session } from '../../http/authenticate.js';
import { forbidden, validation } from '../../http/errors.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import { resetMail, verificationMail } from './mails.js';
import type { AuthRepository } from './repository.js';
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
  repo: AuthRepository;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  /** Runs after an account is created (billing starts the Coach trial). */
  onUserCreated?: (userId: number) => Promise<void>;
}

/** The principal of a user row: everything but the password hash and bookkeeping. */
export const principalFrom = (row: UserRow): Principal => ({
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

  async register(input: RegisterData): Promise<Principal> {
    const { repo } = this.deps;
    if (await repo.findUserByEmail(input.email)) throw validation({ email: [Messages.emailTaken] });
    const now = nowIso();
    const user = await repo.createUser({
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      password_hash: await hashPassword(input.password),
      avatar: null,
      email_verified_at: null,
      created_at: now,
      updated_at: now,
    });
    if (!user) throw validation({ email: [Messages.emailTaken] });
    await this.deps.onUserCreated?.(user.id);
    await this.sendVerificationCode(user);
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
    if (!user) throw validation({ verification_code: [Messages.codeInvalid] });
    if (user.email_verified_at) throw validation({ verification_code: [Messages.alreadyVerified] });
    await this.useCode(user.id, 'verify', input.verification_code, 'verification_code', Messages.codeInvalid, true);
    await repo.markVerified(user.id);
    const verified = (await repo.findUserById(user.id))!;
    return { user: principalFrom(verified), token: await this.issueToken(verified.id) };
  }

  async login(input: LoginData): Promise<{ user: Principal; token: string }> {
    const user = await this.deps.repo.findUserByEmail(input.email);
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) throw validation({ email: [Messages.invalidCredentials] }, Messages.invalidCredentials);
    // Only someone who knows the password learns that the account waits for its code.
    if (!user.email_verified_at) throw forbidden(Messages.accountNotVerified, 'account_not_verified');
    return { user: principalFrom(user), token: await this.issueToken(user.id) };
  }

  /** Resolves a bearer token to its session, or undefined. */
  async authenticate(token: string): Promise<Session | undefined> {
    const row = await this.deps.repo.findUserByTokenHash(hashToken(token));
    if (!row) return undefined;
    const { token_id, token_last_used_at, ...user } = row;
    const idle = Date.now() - Date.parse(token_last_used_at);
    // A session unused for 30 days ends; a leaked old token is worth nothing.
    if (idle > Timing.sessionIdleMs) {
      await this.deps.repo.deleteToken(token_id);
      return undefined;
    }
    // Writing on every request would serialise reads on SQLite; a minute's precision is enough.
    if (idle > 60_000) await this.deps.repo.touchToken(token_id);
    return { user: principalFrom(user), tokenId: token_id };
  }

  logout(session: Session): Promise<void> {
    return this.deps.repo.deleteToken(session.tokenId);
  }

  /** Always answers the same, so the call does not reveal which e-mails have accounts. */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.deps.repo.findUserByEmail(email);
    if (!user) return;
    const code = newCode();
    await this.deps.repo.replaceCode(user.id, 'reset', hashCode(this.deps.secret, code), isoAfter(Timing.codeTtlMs));
    await this.deps.mailer.send(resetMail(user.email, user.first_name, code, Timing.codeTtlMs));
  }

  async verifyResetToken(input: VerifyResetTokenData): Promise<void> {
    const user = await this.deps.repo.findUserByEmail(input.email);
    if (!user) throw validation({ token: [Messages.resetCodeInvalid] });
    await this.useCode(user.id, 'reset', input.token, 'token', Messages.resetCodeInvalid, false);
  }

  /** Sets the new password, proves the mailbox (so verifies the account) and ends every session. */
  async resetPassword(input: ResetPasswordData): Promise<void> {
    const { repo } = this.deps;
    const user = await repo.findUserByEmail(input.email);
    if (!user) throw validation({ token: [Messages.resetCodeInvalid] });
    await this.useCode(user.id, 'reset', input.token, 'token', Messages.resetCodeInvalid, true);
    await repo.setPasswordHash(user.id, await hashPassword(input.password));
    await repo.markVerified(user.id);
    await repo.deleteTokensOfUser(user.id);
  }

  /** Changes the password and ends the user's other sessions; this one stays signed in. */
  async changePassword(session: Session, input: ChangePasswordData): Promise<void> {
    const { user } = session;
    if (input.email !== user.email) throw validation({ email: [Messages.emailNotYours] });
    const row = await this.deps.repo.findUserById(user.id);
    if (!row || !(await verifyPassword(row.password_hash, input.old_password))) {
      throw validation({ old_password: [Messages.oldPasswordWrong] });
    }
    await this.deps.repo.setPasswordHash(user.id, await hashPassword(input.password));
    await this.deps.repo.deleteTokensOfUser(user.id, session.tokenId);
  }

  private async issueToken(userId: number): Promise<string> {
    const token = newBearerToken();
    await this.deps.repo.insertToken(userId, hashToken(token));
    return token;
  }

  private async sendVerificationCode(user: Pick<UserRow, 'id' | 'email' | 'first_name'>): Promise<void> {
    const code = newCode();
    await this.deps.repo.replaceCode(user.id, 'verify', hashCode(this.deps.secret, code), isoAfter(Timing.codeTtlMs));
    const url = new URL('/verify-account', this.deps.publicUrl).toString();
    await this.deps.mailer.send(verificationMail(user.email, user.first_name, code, Timing.codeTtlMs, url));
  }

  /**
   * Checks a code: wrong tries count, five kill it, expired or used codes never match.
   * Each try is claimed before the comparison, so parallel guesses count too.
   * With `consume` a right code is spent at once, so it works only once; without it a right
   * check gives its try back.
   */
  private async useCode(
    userId: number,
    purpose: CodePurpose,
    code: string,
    field: string,
    message: string,
    consume: boolean,
  ): Promise<void> {
    const { repo, secret } = this.deps;
    const open = await repo.findOpenCode(userId, purpose);
    if (!open || !(await repo.claimAttempt(open.id, Timing.codeMaxAttempts))) throw validation({ [field]: [message] });
    if (!sameHash(open.code_hash, hashCode(secret, code))) throw validation({ [field]: [message] });
    if (!consume) return repo.refundAttempt(open.id);
    if (!(await repo.consumeCode(open.id))) throw validation({ [field]: [message] });
  }
}
