import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.js';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys of this Rally: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are given, else
 * a pair generated once into DATA_DIR/vapid.json (every process sharing the folder uses it; a new
 * pair would invalidate every browser's subscription).
 */
export function loadVapid(
  config: Pick<Config, 'DATA_DIR' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUBLIC_URL'>,
): Vapid {
  const subject =
    config.VAPID_SUBJECT ??
    (config.PUBLIC_URL.startsWith('https://') ? config.PUBLIC_URL : 'mailto:no-reply@rally.local');
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = path.join(config.DATA_DIR, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const keys = webpush.generateVAPIDKeys();
  try {
    // 'wx': a second process starting at the same moment keeps the first one's pair.
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  return { ...keys, subject };
}
