import { Endpoints } from '@rally/contract';

/** spec §3: a browser's device_os_id. */
const DEVICE_OS_WEB = 3;
import { call } from '../../../lib/api-client';
import { markPushRegistered } from '../../../lib/push-subscription';
import { local as localStorage } from '../../../lib/web-storage';

/** Web Push (decisions.md): does this browser have what it takes? */
export const pushSupported = (): boolean =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

const DEVICE_KEY = 'rally.device-id';

/** A stable id of this browser (spec §3 device_id). */
function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/** The VAPID key as the Push API wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Registers the service worker, asks for permission, subscribes with the server's VAPID key and
 * sends the subscription (POST register-device-token, device_os_id 3). Throws 'push not
 * supported' where the browser lacks push, or the permission's refusal.
 */
export async function turnOnPush(): Promise<void> {
  if (!pushSupported()) throw new Error('push not supported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked in this browser.');
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { public_key } = (await call(Endpoints.pushPublicKey)).data;
  if (!public_key) throw new Error('push not supported');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  await call(Endpoints.registerDeviceToken, {
    body: { device_id: deviceId(), device_token: JSON.stringify(subscription), device_os_id: DEVICE_OS_WEB },
  });
  markPushRegistered();
}
