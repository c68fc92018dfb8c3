export { pushApi, type PushSubscriptionBody } from './push-api';
export { devicePushState, deviceSubscription, forgetDeviceOnSignOut, pushSupported, subscribeDevice, type PushState } from './device';
export { useTurnOnPush } from './use-turn-on';
