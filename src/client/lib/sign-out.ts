import { notify } from '../components/toaster';

/** A 'Logging out' toast, then a real navigation (no state survives); the server ends the session and sends the browser to /. */
export function signOut() {
  notify.info('Logging out');
  window.location.assign('/api/logout');
}
