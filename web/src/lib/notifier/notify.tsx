/** Toast rules (docs/product.md §2.2, §9): 3 visible, others queued; 5000 ms; errors 3000 ms with a close button. */
export const MAX_TOASTS = 3;
export const TOAST_DURATION_MS = 5000;
export const ERROR_TOAST_DURATION_MS = 3000;

export type ToastVariant = 'success' | 'info' | 'warning' | 'error';
export interface Toast {
  message: string;
  variant: ToastVariant;
}

/*
 * notistack loads after the first page shows (Toaster, mounted lazily by NotifierProvider):
 * toasts raised before it has mounted wait here and show as soon as it does.
 */
let show: ((toast: Toast) => void) | undefined;
const pending: Toast[] = [];

/** Called by the mounted Toaster: shows the waiting toasts, then every new one. Returns the detach. */
export function attachToaster(display: (toast: Toast) => void): () => void {
  show = display;
  for (const toast of pending.splice(0)) display(toast);
  return () => {
    if (show === display) show = undefined;
  };
}

function enqueue(message: string, variant: ToastVariant): void {
  if (show) show({ message, variant });
  else pending.push({ message, variant });
}

/** The global notifier; usable from components and from non-React code alike. */
export const notify = {
  success: (message: string) => enqueue(message, 'success'),
  info: (message: string) => enqueue(message, 'info'),
  warning: (message: string) => enqueue(message, 'warning'),
  error: (message: string) => enqueue(message, 'error'),
};
