export { pushApi, type PushSubscriptionBody } from './push-api';
export { devicePushState, deviceSubscription, forgetDeviceOnSignOut, pushSupported, subscribeDevice, type PushState } from './device';
