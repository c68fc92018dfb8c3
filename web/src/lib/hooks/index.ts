export { useDebouncedValue } from './use-debounced-value';
export { useShownAfterPaint } from './use-shown-after-paint';
