import { notify } from '../components/toaster';
import { i18next } from '../i18n';
import { forgetOffline } from './offline/start';

/**
 * A 'Logging out' toast, then a real navigation (no state survives); the server ends the session and
 * sends the browser to /. The phone's copies of what the account read offline go first.
 */
export function signOut() {
  notify.info(i18next.t('common.signingOut'));
  void forgetOffline().finally(() => window.location.assign('/api/logout'));
}
