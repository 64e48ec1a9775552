import { Avatar, Badge, Button, Card, Container, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSignedInUser } from '../../features/auth/current-user';
import { DevicesCard } from '../../features/auth/devices-card';
import { VerifyBanner } from '../../features/auth/verify-banner';
import { formatDate } from '../../lib/format';
import { loadQuery } from '../../lib/route-data';
import { signOut } from '../../lib/sign-out';

export const Route = createFileRoute('/_signed-in/profile')({
  // The user comes with the signed-in guard; the devices list is the one other read.
  loader: async ({ context: { queryClient, trpc } }) => {
    await loadQuery(queryClient, trpc.auth.sessions.queryOptions());
  },
  component: Profile,
});

const ROLE_LABEL: Record<string, string> = { user: 'Standard User', admin: 'Administrator', superadmin: 'Super Administrator' };

function Section({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="3">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function Profile() {
  const user = useSignedInUser();
  const np = (v: string | null) => v || 'Not provided';
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack gap="4" flexWrap="wrap">
          <Avatar.Root size="2xl" colorPalette="brand">
            <Avatar.Fallback>{(user.firstName[0] ?? 'U').toUpperCase()}</Avatar.Fallback>
            {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" />}
          </Avatar.Root>
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {user.firstName} {user.lastName}
            </Heading>
            <HStack>
              <Text color="fg.muted">{user.email}</Text>
              <Badge colorPalette={user.isEmailVerified ? 'green' : 'orange'}>{user.isEmailVerified ? 'Active' : 'Pending Verification'}</Badge>
            </HStack>
          </Stack>
        </HStack>
        <VerifyBanner user={user} />
        <Section
          title="Basic Personal Details"
          rows={[
            ['Full name', `${user.firstName} ${user.lastName}`],
            ['Email', user.email],
            ['Username', user.username || 'Not set'],
            ['User ID', <Text as="span" fontFamily="mono" fontSize="sm">{user.id}</Text>],
          ]}
        />
        <Section title="Contact Information" rows={[['Phone', np(user.phoneNumber)], ['Location', np(user.location)]]} />
        <Section
          title="Profile Customization"
          rows={[
            // Noon UTC: the same calendar day in every time zone.
            ['Birthday', user.birthday ? formatDate(`${user.birthday}T12:00:00Z`) : 'Not provided'],
            ['T-shirt size', np(user.tShirtSize)],
            ['Social media', np(user.socialMedia)],
          ]}
        />
        <Section
          title="Account and Security"
          rows={[
            [
              'Password',
              <HStack gap="3" flexWrap="wrap">
                <Text as="span" aria-label="Password hidden">
                  ••••••••
                </Text>
                <Button asChild size="xs" variant="outline">
                  <Link to="/change-password">Change Password</Link>
                </Button>
              </HStack>,
            ],
            ['Account created', formatDate(user.createdAt, { fallback: 'Not provided' })],
            ['Account type', ROLE_LABEL[user.role] ?? 'Standard User'],
          ]}
        />
        <DevicesCard />
        <HStack gap="3" flexWrap="wrap">
          <Button asChild variant="outline">
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
          <Button asChild colorPalette="brand">
            <Link to="/edit-profile">Edit Profile</Link>
          </Button>
          <Button variant="ghost" colorPalette="red" onClick={signOut}>
            Sign Out
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
