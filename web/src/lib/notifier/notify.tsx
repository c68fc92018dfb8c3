import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, enqueueSnackbar, type OptionsObject, type SnackbarKey } from 'notistack';

/** Toast rules (SPEC §2.2, §9): 3 visible, others queued; 5000 ms; errors 3000 ms with a close button. */
export const MAX_TOASTS = 3;
export const TOAST_DURATION_MS = 5000;
export const ERROR_TOAST_DURATION_MS = 3000;

const closeButton = (key: SnackbarKey) => (
  <IconButton size="small" color="inherit" aria-label="close" onClick={() => closeSnackbar(key)}>
    <CloseIcon fontSize="small" />
  </IconButton>
);

/** notistack's global enqueue exists only once its provider has mounted. */
function enqueue(message: string, options: OptionsObject): void {
  if (typeof enqueueSnackbar === 'function') enqueueSnackbar(message, options);
  else console.info(`[${options.variant ?? 'default'}] ${message}`);
}

/** The global notifier; usable from components and from non-React code alike. */
export const notify = {
  success: (message: string) => enqueue(message, { variant: 'success' }),
  info: (message: string) => enqueue(message, { variant: 'info' }),
  warning: (message: string) => enqueue(message, { variant: 'warning' }),
  error: (message: string) =>
    enqueue(message, {
      variant: 'error',
      autoHideDuration: ERROR_TOAST_DURATION_MS,
      action: closeButton,
    }),
};
