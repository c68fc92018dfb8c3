export { useDebouncedValue } from './use-debounced-value';
export { useOpenedOnce } from './use-opened-once';
