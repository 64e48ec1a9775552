import { notify } from '../components/toaster';

/** SPEC section 2: a 'Logging out' toast, then a real navigation; the server ends the session and sends the browser to /. */
export function signOut() {
  notify.info('Logging out');
  window.location.assign('/api/logout');
}
