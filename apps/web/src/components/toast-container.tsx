/** The toast container with the app's options (top-right, 5000 ms, dark: spec §9), loaded on demand. */
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { toastContainerMounted } from './notify.ts';

/** react-toastify's container; the toasts asked for before it mounted show now. */
export default function AppToastContainer() {
  // runs after the container's own subscription (a child's effects run first)
  useEffect(() => toastContainerMounted(), []);
  return <ToastContainer position="top-right" autoClose={5000} theme="dark" newestOnTop closeOnClick />;
}
