import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { notify } from '../../components/toaster';
import { useCurrentUser } from './current-user';

/**
 * After staff reset a password, the user must choose a new one before anything else
 * (the server refuses other calls too); this keeps the screens in step with that.
 */
export function PasswordChangeGate() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const must = !!user?.mustChangePassword;
  useEffect(() => {
    if (must && pathname !== '/change-password') {
      notify.info('Choose a new password', 'Your password was reset by an administrator. Please choose a new one to continue.');
      void navigate({ to: '/change-password', replace: true });
    }
  }, [must, pathname, navigate]);
  return null;
}
