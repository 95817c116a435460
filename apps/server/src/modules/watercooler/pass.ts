import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a watercooler pass lets its holder do: enter room `room` of team `team` as `user`, until `exp`. */
export interface PassClaims {
  team: number;
  user: number;
  room: string;
  /** Seconds since 1970. */
  exp: number;
}

/** Room ids are ours (`randomBytes(…).toString('base64url')`); anything else is no room. */
const ROOM_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** A pass is short: a bigger one is not ours, and is refused before any HMAC is computed. */
const MAX_PASS_LENGTH = 512;

/**
 * The short-lived pass of `POST …/watercooler/access` that opens the room socket
 * (docs/adr/0029-watercooler.md): `base64url(JSON claims).base64url(HMAC-SHA256)`, with a key
 * derived from APP_SECRET for this one use (as file URLs derive theirs, uploads/signing.ts).
 * Stateless, so any API process checks it; it names the room, so a pass of an ended room opens
 * nothing.
 */
export class WatercoolerPasses {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = createHmac('sha256', secret).update('rally:watercooler-pass:v1').digest();
  }

  /** A pass for these claims, valid `ttlSeconds` from `now`; with when it expires. */
  issue(claims: Omit<PassClaims, 'exp'>, now: Date): { token: string; expiresAt: Date } {
    const exp = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    const body = Buffer.from(JSON.stringify({ team: claims.team, user: claims.user, room: claims.room, exp })).toString(
      'base64url',
    );
    return { token: `${body}.${this.mac(body).toString('base64url')}`, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a pass that is ours, unaltered and not expired at `now`; else undefined. */
  verify(token: unknown, now: Date): PassClaims | undefined {
    if (typeof token !== 'string' || token.length > MAX_PASS_LENGTH) return undefined;
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length > 0) return undefined;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isClaims(claims)) return undefined;
    return claims.exp * 1000 > now.getTime() ? claims : undefined;
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function isClaims(v: unknown): v is PassClaims {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return isId(c.team) && isId(c.user) && isId(c.exp) && typeof c.room === 'string' && ROOM_ID.test(c.room);
}
