import { Box, Button, Center, Container, EmptyState, Heading, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { LifeBuoy, LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notify } from '../../components/toaster';
import { signOut } from '../../lib/sign-out';
import { CommunitiesTab } from '../../features/admin/communities-tab';
import { OverviewTab } from '../../features/admin/overview-tab';
import { ProfileTab } from '../../features/admin/profile-tab';
import { SettingsTab } from '../../features/admin/settings-tab';
import { UsersTab } from '../../features/admin/users-tab';
import { useCurrentUser, type CurrentUser } from '../../features/auth/current-user';

export const Route = createFileRoute('/admin/dashboard')({ component: AdminGate });

/** Signed out → /admin/login; signed in without a staff role → 'Access Denied' and /dashboard. */
function AdminGate() {
  const { user, isLoading, isAdmin } = useCurrentUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (isLoading) return;
    if (!user) void navigate({ to: '/admin/login', replace: true });
    else if (!isAdmin) {
      notify.error('Access Denied', "You don't have permission to access the admin dashboard");
      void navigate({ to: '/dashboard', replace: true });
    }
  }, [isLoading, user, isAdmin, navigate]);
  if (!user || !isAdmin) {
    return (
      <Center py="24" role="status">
        <Spinner color="brand.solid" aria-label="Checking access" />
      </Center>
    );
  }
  return <AdminDashboard me={user} />;
}

function AdminDashboard({ me }: { me: CurrentUser }) {
  const [tab, setTab] = useState('overview');
  const [selectedUser, setSelectedUser] = useState<string | null>(null);
  return (
    <Container maxW="7xl" py={{ base: '4', md: '8' }}>
      <Stack gap="6">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
          <Box>
            <Heading as="h1" size="2xl">
              Admin dashboard
            </Heading>
            <Text color="fg.muted">
              Signed in as {me.email} ({me.role})
            </Text>
          </Box>
          <HStack alignSelf={{ sm: 'center' }}>
            <Button asChild variant="outline" size="sm">
              <Link to="/">View Site</Link>
            </Button>
            <Button variant="ghost" size="sm" onClick={signOut}>
              <LogOut aria-hidden /> Logout
            </Button>
          </HStack>
        </Stack>
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} colorPalette="brand" lazyMount>
          <Tabs.List overflowX="auto" overflowY="hidden">
            <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
            <Tabs.Trigger value="users">Users</Tabs.Trigger>
            <Tabs.Trigger value="profiles">Profile Management</Tabs.Trigger>
            <Tabs.Trigger value="communities">Communities</Tabs.Trigger>
            <Tabs.Trigger value="support">Support</Tabs.Trigger>
            <Tabs.Trigger value="settings">Settings</Tabs.Trigger>
          </Tabs.List>
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
          <Tabs.Content value="support">
            <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <LifeBuoy aria-hidden />
                </EmptyState.Indicator>
                <EmptyState.Title>No support requests</EmptyState.Title>
                <EmptyState.Description>When members can ask for help from inside the app, their requests will appear here.</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          </Tabs.Content>
          <Tabs.Content value="settings">
            <SettingsTab me={me} />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
