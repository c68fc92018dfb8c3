// The transactions feature's second public file, for the driver's dashboard (src/app/dashboard-route.tsx)
// only: the card's rules with the latest decline and its override request. Importing ./index.ts
// instead would evaluate the transactions pages with their filters on every dashboard's first load.
export { MyCardPanel, type CardLock } from './components/MyCardPanel';
export { OverrideRequestFromUrl } from './components/OverrideRequestFromUrl';
export { prefetchMyCard } from './api/prefetch';
