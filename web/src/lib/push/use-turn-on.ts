import { useCallback } from 'react';
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
    const sub = await subscribeDevice(publicKey);
    if (sub === 'blocked' || sub === 'unsupported') return sub;
    const json = sub.toJSON();
    await save({ endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }).unwrap();
    return 'on';
  }, [fetchKey, save]);
}
