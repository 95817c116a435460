import { createHmac } from 'node:crypto';
import type { IceServerDto } from '@rally/contract';

export interface IceSettings {
  stunUrls: readonly string[];
  turnUrls: readonly string[];
  /** The TURN server's shared secret (coturn: `use-auth-secret`, `static-auth-secret`). */
  turnSecret: string | undefined;
  turnTtlSeconds: number;
}

/**
 * The ICE servers of one member's video call: the STUN servers as they are, and the TURN servers
 * with credentials of the TURN REST API that coturn checks without asking us: the username is
 * `expiry:userId`, the credential base64(HMAC-SHA1(secret, username)); they stop working at expiry
 * (docs/operations.md). Nothing configured: none, and browsers on one machine or LAN still meet.
 */
export function iceServersFor(settings: IceSettings, userId: number, now: Date): IceServerDto[] {
  const servers: IceServerDto[] = [];
  if (settings.stunUrls.length > 0) servers.push({ urls: [...settings.stunUrls] });
  if (settings.turnUrls.length > 0 && settings.turnSecret) {
    const expiry = Math.floor(now.getTime() / 1000) + settings.turnTtlSeconds;
    const username = `${expiry}:${userId}`;
    const credential = createHmac('sha1', settings.turnSecret).update(username).digest('base64');
    servers.push({ urls: [...settings.turnUrls], username, credential });
  }
  return servers;
}
