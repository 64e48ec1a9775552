import { Avatar, Button, Circle, Menu, Portal } from '@chakra-ui/react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { LayoutDashboard, LogOut, User, Users } from 'lucide-react';
import { useCurrentUser } from '../features/auth/current-user';
import { notify } from './toaster';

export function signOut() {
  notify.info('Logging out');
  // A real navigation: the server ends the session and sends the browser to /.
  window.location.assign('/api/logout');
}

/** SPEC section 2's header user menu. */
export function UserMenu() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  if (pathname === '/' && !user) {
    return (
      <Button asChild size="sm" colorPalette="brand">
        <Link to="/signin">Sign In</Link>
      </Button>
    );
  }
  if (isLoading) return <Circle size="8" bg="bg.emphasized" aria-hidden data-testid="user-menu-placeholder" />;
  if (!user) {
    return (
      <Button asChild size="sm" colorPalette="brand">
        <Link to="/signin">Sign In</Link>
      </Button>
    );
  }
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" aria-label={`Account menu for ${fullName}`} data-testid="user-menu">
          <Avatar.Root size="sm" colorPalette="brand">
            <Avatar.Fallback>{(user.firstName[0] ?? 'U').toUpperCase()}</Avatar.Fallback>
            {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" />}
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="12rem">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{fullName}</Menu.ItemGroupLabel>
              <Menu.Item value="dashboard" onSelect={() => navigate({ to: '/dashboard' })}>
                <LayoutDashboard size={16} aria-hidden /> Dashboard
              </Menu.Item>
              <Menu.Item value="communities" onSelect={() => navigate({ to: '/communities' })}>
                <Users size={16} aria-hidden /> Communities
              </Menu.Item>
              <Menu.Item value="profile" onSelect={() => navigate({ to: '/profile' })}>
                <User size={16} aria-hidden /> Profile
              </Menu.Item>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={signOut}>
              <LogOut size={16} aria-hidden /> Log out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
