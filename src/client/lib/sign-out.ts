import { notify } from '../components/toaster';
import { i18next } from '../i18n';

/** A 'Logging out' toast, then a real navigation (no state survives); the server ends the session and sends the browser to /. */
export function signOut() {
  notify.info(i18next.t('common.signingOut'));
  window.location.assign('/api/logout');
}
