import { Avatar, Badge, Button, Card, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { LogOut, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionList } from '../../components/ui/definition-list';
import { useSignedInUser } from '../../features/auth/current-user';
import { DevicesCard } from '../../features/auth/devices-card';
import { CalendarFeedCard } from '../../features/events/calendar-feed';
import { NotificationSettingsCard } from '../../features/profile/notification-settings-card';
import { ContactPrivacyCard } from '../../features/profile/contact-privacy-card';
import { YourDataCard } from '../../features/profile/your-data-card';
import { RecognitionsProfileCard } from '../../features/recognitions/profile-card';
import { SecondFactorCard } from '../../features/second-factor/second-factor-card';
import { VerifyBanner } from '../../features/auth/verify-banner';
import { formatDate } from '../../lib/format';
import { loadQuery } from '../../lib/route-data';
import { signOut } from '../../lib/sign-out';
import type { MessageKey } from '@shared/i18n/catalogue';
import { LANGUAGE_NAMES } from '@shared/i18n/languages';

export const Route = createFileRoute('/_signed-in/profile')({
  // The user comes with the signed-in guard; the devices list is the one other read.
  loader: async ({ context: { queryClient, trpc } }) => {
    await Promise.all([loadQuery(queryClient, trpc.auth.sessions.queryOptions()), loadQuery(queryClient, trpc.events.calendarFeed.queryOptions())]);
  },
  component: Profile,
});

const ROLE_LABEL: Partial<Record<string, MessageKey>> = { user: 'profile.roles.user', admin: 'profile.roles.admin', superadmin: 'profile.roles.superadmin' };

function Section({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        <DefinitionList items={rows.map(([label, value]) => ({ label, value }))} />
      </Card.Body>
    </Card.Root>
  );
}

function Profile() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const np = (v: string | null) => v || t('profile.notProvided');
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack gap="4" flexWrap="wrap">
          <Avatar.Root size="2xl" colorPalette="brand">
            <Avatar.Fallback>{(user.firstName[0] ?? 'U').toUpperCase()}</Avatar.Fallback>
            {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" />}
          </Avatar.Root>
          <Stack gap="1" minW="0">
            <Heading as="h1" size="2xl" overflowWrap="anywhere">
              {user.firstName} {user.lastName}
            </Heading>
            {/* A long address wraps on a phone instead of widening the page. */}
            <HStack flexWrap="wrap">
              <Text color="fg.muted" overflowWrap="anywhere">
                {user.email}
              </Text>
              <Badge colorPalette={user.isEmailVerified ? 'green' : 'orange'}>{user.isEmailVerified ? t('profile.status.active') : t('profile.status.pending')}</Badge>
            </HStack>
          </Stack>
        </HStack>
        <VerifyBanner user={user} />
        <Section
          title={t('profile.page.sections.basic')}
          rows={[
            [t('profile.fields.fullName'), `${user.firstName} ${user.lastName}`],
            [t('profile.fields.email'), user.email],
            [t('profile.fields.username'), user.username || t('profile.notSet')],
          ]}
        />
        <Section
          title={t('profile.page.sections.contact')}
          rows={[
            [t('profile.fields.phone'), np(user.phoneNumber)],
            [t('profile.fields.location'), np(user.location)],
          ]}
        />
        <Section
          title={t('profile.page.sections.customization')}
          rows={[
            // Noon UTC: the same calendar day in every time zone.
            [t('profile.fields.birthday'), user.birthday ? formatDate(`${user.birthday}T12:00:00Z`) : t('profile.notProvided')],
            [t('profile.fields.tShirtSize'), np(user.tShirtSize)],
            [t('profile.fields.socialMedia'), np(user.socialMedia)],
            [t('common.language'), LANGUAGE_NAMES[user.language]],
          ]}
        />
        <Section
          title={t('profile.page.sections.security')}
          rows={[
            [
              t('profile.fields.password'),
              <HStack gap="3" flexWrap="wrap">
                <Text as="span" aria-label={t('profile.page.passwordHidden')}>
                  ••••••••
                </Text>
                <Button asChild size="xs" variant="outline">
                  <Link to="/change-password">{t('profile.page.changePassword')}</Link>
                </Button>
              </HStack>,
            ],
            [t('profile.fields.accountCreated'), formatDate(user.createdAt, { fallback: t('profile.notProvided') })],
            [t('profile.fields.accountType'), t(ROLE_LABEL[user.role] ?? 'profile.roles.user')],
          ]}
        />
        <SecondFactorCard account={user.email} />
        <RecognitionsProfileCard />
        <NotificationSettingsCard />
        <ContactPrivacyCard />
        <YourDataCard />
        <CalendarFeedCard />
        <DevicesCard />
        <HStack gap="3" flexWrap="wrap">
          <Button asChild variant="outline">
            <Link to="/dashboard">{t('profile.page.backToDashboard')}</Link>
          </Button>
          <Button asChild colorPalette="brand">
            <Link to="/edit-profile">
              <Pencil aria-hidden /> {t('profile.page.edit')}
            </Link>
          </Button>
          {/* Sign out looks the same everywhere: a quiet button with its icon. */}
          <Button variant="ghost" onClick={signOut}>
            <LogOut aria-hidden /> {t('profile.page.signOut')}
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
