/** The toast container with the app's options (top-right, 5000 ms, dark: docs/product.md §9), loaded on demand. */
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { toastContainerMounted } from './notify.ts';
import { toastLayer } from './toast-layer.ts';

/** At most this many toasts on screen; more wait their turn (docs/product.md §10: seven stacked after quick actions). */
export const MAX_TOASTS = 3;

/** react-toastify's container; the toasts asked for before it mounted show now. */
export default function AppToastContainer() {
  // runs after the container's own subscription (a child's effects run first)
  useEffect(() => toastContainerMounted(), []);
  // in the topmost open dialog while one is open (toast-layer.ts), else in <body>
  return createPortal(<ToastContainer position="top-right" autoClose={5000} theme="dark" newestOnTop closeOnClick limit={MAX_TOASTS} />, toastLayer());
}
