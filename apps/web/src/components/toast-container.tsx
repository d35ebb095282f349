/** The toast container with the app's options (top-right, 5000 ms, dark: spec §9), loaded on demand. */
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** react-toastify's container; toasts queued before it mounted show now. */
export default function AppToastContainer() {
  return <ToastContainer position="top-right" autoClose={5000} theme="dark" newestOnTop closeOnClick />;
}
