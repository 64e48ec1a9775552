import { Avatar, Button, Menu, Portal } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LayoutDashboard, LogOut, User, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../features/auth/current-user';
import { signOut } from '../lib/sign-out';
import { avatarImage } from '../lib/images';

/** The header's account menu: Dashboard, Communities, Profile, then Sign out. Loaded only for signed-in visitors. */
export default function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Menu.Root lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" aria-label={t('common.accountMenu.label', { name: fullName })} data-testid="user-menu">
          <Avatar.Root size="sm" colorPalette="brand">
            <Avatar.Fallback>{(user.firstName[0] ?? 'U').toUpperCase()}</Avatar.Fallback>
            {user.profileImageUrl && <Avatar.Image {...avatarImage(user.profileImageUrl)} alt="" />}
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="12rem">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{fullName}</Menu.ItemGroupLabel>
              <Menu.Item value="dashboard" onSelect={() => navigate({ to: '/dashboard' })}>
                <LayoutDashboard size={16} aria-hidden /> {t('common.accountMenu.dashboard')}
              </Menu.Item>
              <Menu.Item value="communities" onSelect={() => navigate({ to: '/communities' })}>
                <Users size={16} aria-hidden /> {t('common.accountMenu.communities')}
              </Menu.Item>
              <Menu.Item value="profile" onSelect={() => navigate({ to: '/profile' })}>
                <User size={16} aria-hidden /> {t('common.accountMenu.profile')}
              </Menu.Item>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={signOut}>
              <LogOut size={16} aria-hidden /> {t('common.accountMenu.logOut')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
