import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { useCurrentUser } from './current-user';

/**
 * After staff reset a password, the user must choose a new one before anything else
 * (the server refuses other calls too); this keeps the screens in step with that.
 */
export function PasswordChangeGate() {
  // i18n (stable), not t: a language change alone must not toast again.
  const { i18n } = useTranslation();
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const must = !!user?.mustChangePassword;
  useEffect(() => {
    if (must && pathname !== '/change-password') {
      notify.info(i18n.t('shell.passwordGate.title'), i18n.t('shell.passwordGate.description'));
      void navigate({ to: '/change-password', replace: true });
    }
  }, [must, pathname, navigate, i18n]);
  return null;
}
