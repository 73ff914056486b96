import { toast, type ToastContainerProps, type ToastOptions } from 'react-toastify';
import type { Theme } from './theme';

/** Toast settings from spec 9. */
export const TOAST_DURATION_MS = 5000;
export const UPDATE_TOAST_DURATION_MS = 10000;

export const toastContainerOptions = {
  position: 'top-right',
  autoClose: TOAST_DURATION_MS,
  limit: 3,
  newestOnTop: true,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  // react-toastify takes a percentage of the toast width: 60 = dismiss after a 0.6 drag.
  draggablePercent: 60,
} as const satisfies ToastContainerProps;

/** Container props with the toast theme following dark mode. */
export function toastContainerProps(theme: Theme): ToastContainerProps {
  return { ...toastContainerOptions, theme };
}

export const notify = {
  success: (message: string, options?: ToastOptions) => toast.success(message, options),
  error: (message: string, options?: ToastOptions) => toast.error(message, options),
  info: (message: string, options?: ToastOptions) => toast.info(message, options),
  warning: (message: string, options?: ToastOptions) => toast.warning(message, options),
  /** Longer-lived info toast for app updates (spec 8: 10 s). */
  update: (message: string, options?: ToastOptions) =>
    toast.info(message, { autoClose: UPDATE_TOAST_DURATION_MS, ...options }),
};
