export { OfflineBanner } from './OfflineBanner';
export { registerServiceWorker } from './register';
export { useOnline } from './use-online';
