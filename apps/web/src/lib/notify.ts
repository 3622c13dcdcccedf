import type * as HotToast from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';

type ToastLibrary = typeof HotToast;
type Toast = ToastLibrary['default'];

let library: Promise<ToastLibrary> | undefined;

/**
 * The toast library, loaded once. The home page paints without it (the Toaster is lazy, decision 017); a toast asked
 * for before it has arrived waits for it, and toasts keep the order they were asked for in.
 */
export function loadToasts(): Promise<ToastLibrary> {
  // A failed load (the network dropped) is not kept: the next toast tries again.
  library ??= import('react-hot-toast').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

function withToast(show: (toast: Toast) => void): void {
  // A toast that could not be loaded is lost; the page it was about goes on working.
  loadToasts().then(({ default: toast }) => show(toast), () => {});
}

/** Error toasts still on screen (or already gone: removing those does nothing). */
const errorToasts = new Set<string>();

/**
 * The app's toasts. A success takes the error toasts still showing off the screen in the same update:
 * they told of something that has now worked (a failed sign-in, then a successful one).
 */
export const notify = {
  error(message: string, options?: ToastOptions): void {
    withToast((toast) => errorToasts.add(toast.error(message, options)));
  },
  success(message: string, options?: ToastOptions): void {
    withToast((toast) => {
      for (const id of errorToasts) toast.remove(id);
      errorToasts.clear();
      toast.success(message, options);
    });
  },
};
