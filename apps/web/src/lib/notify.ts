import { createElement } from 'react';
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

/** A button a success toast offers beside its message ('Undo'); pressing it closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** How long a toast with an action stays: long enough to read it and reach its button. */
const ACTION_DURATION_MS = 10_000;

/** The message with the action's button after it. */
function withAction(message: string, action: ToastAction, close: () => void) {
  const press = () => {
    close();
    action.onClick();
  };
  const button = createElement(
    'button',
    { type: 'button', onClick: press, className: 'rounded-md px-2 py-1 font-semibold text-rose-700 underline underline-offset-2 hover:bg-rose-50' },
    action.label,
  );
  return createElement('span', { className: 'flex items-center gap-3' }, createElement('span', null, message), button);
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
  /** With `action`, the toast offers a button ('Undo') and stays longer. */
  success(message: string, { action, ...options }: ToastOptions & { action?: ToastAction } = {}): void {
    withToast((toast) => {
      for (const id of errorToasts) toast.remove(id);
      errorToasts.clear();
      if (action) toast.success((shown) => withAction(message, action, () => toast.dismiss(shown.id)), { duration: ACTION_DURATION_MS, ...options });
      else toast.success(message, options);
    });
  },
};
