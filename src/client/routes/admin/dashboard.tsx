import { Box, Button, Container, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link, Navigate, createFileRoute, redirect } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { DENIED, staffCan } from '@shared/permissions';
import { ScrollingTab, ScrollingTabList } from '../../components/scrolling-tab-list';
import { notify } from '../../components/toaster';
import { i18next } from '../../i18n';
import { signOut } from '../../lib/sign-out';
import { CommunitiesTab } from '../../features/admin/communities-tab';
import { OverviewTab } from '../../features/admin/overview-tab';
import { ProfileTab } from '../../features/admin/profile-tab';
import { adminCountsQuery, auditQuery } from '../../features/admin/queries';
import { SettingsTab } from '../../features/admin/settings-tab';
import { roleName } from '../../features/admin/labels';
import { UsersTab } from '../../features/admin/users-tab';
import { ensureCurrentUser, useCurrentUser, type CurrentUser } from '../../features/auth/current-user';
import { loadQuery } from '../../lib/route-data';
import { StaffSecondFactorGate } from '../../features/second-factor/staff-gate';

/**
 * The staff panel has its own guard (not the signed-in layout's: its way in is /admin/login).
 * Signed out → /admin/login; signed in without the staff capability → 'Access Denied' and /dashboard.
 */
export const Route = createFileRoute('/admin/dashboard')({
  beforeLoad: async ({ context: { queryClient }, preload }) => {
    const user = await ensureCurrentUser(queryClient);
    if (!user) throw redirect({ to: '/admin/login', replace: true });
    if (!staffCan(user.role, 'admin.panel')) {
      // Hovering a link only looks ahead; the refusal is said when someone actually comes here.
      if (!preload) notify.error(i18next.t('admin.dashboard.accessDenied'), i18next.t(DENIED['admin.panel']));
      throw redirect({ to: '/dashboard', replace: true });
    }
    return { user };
  },
  // The overview tab opens first: its counts and the audit log.
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([loadQuery(queryClient, adminCountsQuery()), loadQuery(queryClient, auditQuery())]);
  },
  component: AdminDashboard,
});

// A tab appears once it does something: no placeholder (support requests, account notes) is shown before.
const ADMIN_TABS: [value: string, label: MessageKey][] = [
  ['overview', 'admin.dashboard.tabs.overview'],
  ['users', 'admin.dashboard.tabs.users'],
  ['profiles', 'admin.dashboard.tabs.profiles'],
  ['communities', 'admin.dashboard.tabs.communities'],
  ['settings', 'admin.dashboard.tabs.settings'],
];

function AdminDashboard() {
  const checked = Route.useRouteContext({ select: (c) => c.user });
  const { user, isLoading } = useCurrentUser();
  // Signed out while here (the session ended elsewhere, or expired): back to the staff sign-in.
  if (!user && !isLoading) return <Navigate to="/admin/login" replace />;
  // The current-user query follows edits to the account; the guard's copy covers the moment between.
  const me = user ?? checked;
  return (
    <StaffSecondFactorGate account={me.email}>
      <AdminPanel me={me} />
    </StaffSecondFactorGate>
  );
}

function AdminPanel({ me }: { me: CurrentUser }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('overview');
  const [selectedUser, setSelectedUser] = useState<string | null>(null);
  return (
    <Container maxW="7xl" py={{ base: '4', md: '8' }}>
      <Stack gap="6">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
          <Box>
            <Heading as="h1" size="2xl">
              {t('admin.dashboard.title')}
            </Heading>
            <Text color="fg.muted">{t('admin.dashboard.signedInAs', { email: me.email, role: roleName(t, me.role) })}</Text>
          </Box>
          <HStack alignSelf={{ sm: 'center' }}>
            <Button asChild variant="outline" size="sm">
              <Link to="/">{t('admin.dashboard.viewSite')}</Link>
            </Button>
            <Button variant="ghost" size="sm" onClick={signOut}>
              <LogOut aria-hidden /> {t('admin.dashboard.logout')}
            </Button>
          </HStack>
        </Stack>
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} colorPalette="brand" lazyMount>
          {/* Wider than a phone: the list scrolls sideways and no label shrinks under its neighbour. */}
          <ScrollingTabList>
            {ADMIN_TABS.map(([value, label]) => (
              <ScrollingTab key={value} value={value}>
                {t(label)}
              </ScrollingTab>
            ))}
          </ScrollingTabList>
          <Tabs.Content value="overview">
            <OverviewTab />
          </Tabs.Content>
          <Tabs.Content value="users">
            <UsersTab
              me={me}
              onViewProfile={(id) => {
                setSelectedUser(id);
                setTab('profiles');
              }}
            />
          </Tabs.Content>
          <Tabs.Content value="profiles">
            <ProfileTab me={me} selectedId={selectedUser} onSelect={(id) => setSelectedUser(id || null)} />
          </Tabs.Content>
          <Tabs.Content value="communities">
            <CommunitiesTab />
          </Tabs.Content>
          <Tabs.Content value="settings">
            <SettingsTab me={me} />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
