import { Button, Circle } from '@chakra-ui/react';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../features/auth/current-user';

const AccountMenu = lazy(() => import('./account-menu'));
const placeholder = <Circle size="8" bg="bg.emphasized" aria-hidden data-testid="user-menu-placeholder" />;

/** The header's user control: a button on / (Dashboard when signed in) and Sign In when signed out; the account menu otherwise. */
export function UserMenu() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  if (isLoading && pathname !== '/') return placeholder;
  if (!user || pathname === '/') {
    return (
      <Button asChild size={{ base: 'xs', sm: 'sm' }} colorPalette="brand">
        <Link to={user ? '/dashboard' : '/signin'}>{user ? t('common.header.dashboard') : t('common.header.signIn')}</Link>
      </Button>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
