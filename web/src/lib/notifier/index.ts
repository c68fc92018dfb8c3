export { ERROR_TOAST_DURATION_MS, MAX_TOASTS, notify, TOAST_DURATION_MS } from './notify';
export { NotifierProvider } from './NotifierProvider';
