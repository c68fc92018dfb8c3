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
 * notistack loads with the first toast (Toaster, mounted lazily by NotifierProvider), not with
 * the first page (its styles alone were a 170 ms task on a phone during the page's first load):
 * toasts raised before it has mounted wait here and show as soon as it does.
 */
let show: ((toast: Toast) => void) | undefined;
const pending: Toast[] = [];
let raised = false;
const firstToastListeners = new Set<() => void>();

/** Whether any toast has been raised yet (NotifierProvider mounts the Toaster from then on). */
export const anyToastRaised = () => raised;

/** Calls `listener` when the first toast is raised; returns the unsubscribe. */
export function subscribeToFirstToast(listener: () => void): () => void {
  firstToastListeners.add(listener);
  return () => firstToastListeners.delete(listener);
}

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
  if (!raised) {
    raised = true;
    for (const listener of [...firstToastListeners]) listener();
  }
}

/** The global notifier; usable from components and from non-React code alike. */
export const notify = {
  success: (message: string) => enqueue(message, 'success'),
  info: (message: string) => enqueue(message, 'info'),
  warning: (message: string) => enqueue(message, 'warning'),
  error: (message: string) => enqueue(message, 'error'),
};
