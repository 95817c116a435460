import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { VERIFICATION_CODE_LENGTH } from '@rally/contract';

/** OWASP ASVS L2: argon2id, 19 MiB, t=2, p=1. @node-rs/argon2 hashes on its own thread pool. */
// algorithm 2 is Argon2id (an ambient const enum, so written as its value).
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/** Passwords compared so far in this process (each an argon2 verification): tests count them. */
export const passwordChecks = { count: 0 };

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  passwordChecks.count++;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a password nobody has, so an unknown e-mail costs as much time as a known one. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** An opaque bearer token of 256 bits; only its SHA-256 is stored. */
export const newBearerToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Six random digits. */
export const newCode = (): string =>
  String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');

/** Codes are short, so they are keyed with the app secret: a leaked table cannot be brute-forced offline. */
export const hashCode = (secret: string, code: string): string =>
  createHmac('sha256', secret).update(code).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
