import { useCallback } from 'react';
import { errorStatus } from '@/lib/api';
import { subscribeDevice } from './device';
import { pushApi } from './push-api';

/**
 * Turns push notifications on for this browser: asks for permission when not granted yet,
 * subscribes with the server's public key and saves the subscription on the server. Resolves to
 * 'on', or to what prevented it ('blocked': the browser refused; 'unsupported'); a failed call
 * rejects. The account page's switch and the driver's dashboard invitation both use it.
 */
export function useTurnOnPush(): () => Promise<'on' | 'blocked' | 'unsupported'> {
  const [fetchKey] = pushApi.useLazyGetPushPublicKeyQuery();
  const [save] = pushApi.useSavePushSubscriptionMutation();
  return useCallback(async () => {
    const { publicKey } = await fetchKey().unwrap();
    const saveDevice = async (sub: PushSubscription) => {
      const json = sub.toJSON();
      await save({ endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }).unwrap();
    };
    let sub = await subscribeDevice(publicKey);
    if (sub === 'blocked' || sub === 'unsupported') return sub;
    try {
      await saveDevice(sub);
    } catch (error) {
      // 409: this browser's subscription is another account's (it was left without
      // signing out), and a subscription never moves between users: subscribe afresh,
      // with a new endpoint (docs/notifications.md).
      if (errorStatus(error) !== 409) throw error;
      await sub.unsubscribe();
      sub = await subscribeDevice(publicKey);
      if (sub === 'blocked' || sub === 'unsupported') return sub;
      await saveDevice(sub);
    }
    return 'on';
  }, [fetchKey, save]);
}
