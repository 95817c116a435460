/**
 * This browser's push subscription, as far as signing out is concerned (issue 20: on a shared
 * computer the browser kept the team's pushes after sign-out). The server deletes the
 * subscription with the session; the browser drops it too, so nothing is left to push to.
 */

/** Set once this session registered the browser's subscription; local storage is cleared at sign-out. */
import { local as localStorage } from './web-storage';

const REGISTERED_KEY = 'rally.push-registered';

export const markPushRegistered = () => localStorage.setItem(REGISTERED_KEY, '1');

/** Whether the signed-in session registered this browser for push (a new session must register again). */
export const pushRegisteredHere = () => localStorage.getItem(REGISTERED_KEY) === '1';

/** Unsubscribes the browser's PushSubscription, if there is one. Never throws: signing out goes on. */
export async function unsubscribePush(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    // getRegistration, not `ready`: `ready` never settles where no worker was registered.
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // No subscription to drop, or the browser refused: the server already forgot it.
  }
}
