import { API_BASE_URL } from '@/lib/api/base-query';

/**
 * This browser's push notifications: whether it can have them, and its subscription
 * (kept by the service worker's registration, so one per browser and app origin).
 */

/** What the switch on the account page shows. */
export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, when it is registered (production builds only). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/** This browser's subscription, if any. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** The state of this browser: unsupported, blocked (permission denied), on or off. */
export async function devicePushState(): Promise<PushState> {
  if (!pushSupported() || !(await registration())) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await deviceSubscription()) ? 'on' : 'off';
}

function urlBase64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((v, i) => v === b[i]);
}

/**
 * Asks for permission (when not granted yet) and subscribes this browser with the
 * server's public key; a subscription made with another key (the keys were rotated) is
 * replaced. Resolves to the subscription, or to the state that prevented it.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription | 'blocked' | 'unsupported'> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return 'blocked';
  const key = urlBase64ToBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * On sign-out: deletes this browser's subscription on the server while the session's
 * token still works, then unsubscribes it here. Never throws and never waits long:
 * signing out goes on regardless.
 */
export async function forgetDeviceOnSignOut(token: string): Promise<void> {
  try {
    const sub = await deviceSubscription();
    if (!sub) return;
    await fetch(new URL(`${API_BASE_URL}/push/subscriptions`, window.location.origin).href, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoint: sub.endpoint }),
      keepalive: true,
    });
    await sub.unsubscribe();
  } catch {
    // Signing out never fails on this: the service worker's removal ends the subscription too.
  }
}
