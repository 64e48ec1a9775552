import { Badge, Box, Button, Card, Heading, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Lock, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/toaster';
import { currentUserOptions } from '../features/auth/current-user';
import { refreshCommunities } from '../features/communities/membership';
import { errorInfo } from '../lib/errors';
import { bannerImage } from '../lib/images';
import { trpc } from '../trpc';

/*
 * Where an invitation's link leads (email or shared link), signed in or not: what the invitation
 * opens, then Join (signed in) or Create an account / Sign in (signed out, coming back here).
 */
export const Route = createFileRoute('/invite/$token')({ component: InvitePage });

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '6', md: '12' }} display="flex" justifyContent="center">
      <Card.Root w="full" maxW="lg" variant="elevated" overflow="hidden">
        {children}
      </Card.Root>
    </Box>
  );
}

function InvitePage() {
  const { t } = useTranslation();
  const { token } = Route.useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(currentUserOptions());
  const preview = useQuery(trpc.invitations.preview.queryOptions({ token }, { retry: false }));
  const accept = useMutation(trpc.invitations.accept.mutationOptions());
  const report = useMutation(trpc.invitations.report.mutationOptions());

  if (preview.isPending || me.isPending) {
    return (
      <Frame>
        <Card.Body gap="3" role="status" aria-busy="true" aria-label={t('invitations.page.loading')}>
          <Skeleton height="8" />
          <Skeleton height="20" />
        </Card.Body>
      </Frame>
    );
  }
  const p = preview.data;
  if (report.isSuccess) {
    return (
      <Frame>
        <Card.Body gap="3" role="status">
          <Text>{t('invitations.page.reported')}</Text>
          <Button asChild variant="outline" alignSelf="flex-start">
            <Link to="/">{t('invitations.page.home')}</Link>
          </Button>
        </Card.Body>
      </Frame>
    );
  }
  if (!p || !p.valid) {
    return (
      <Frame>
        <Card.Body gap="3" role="alert">
          <Heading as="h1" size="lg">
            {t('invitations.page.invalidTitle')}
          </Heading>
          <Text color="fg.muted">{t('invitations.page.invalidBody')}</Text>
          <Button asChild variant="outline" alignSelf="flex-start">
            <Link to="/">{t('invitations.page.home')}</Link>
          </Button>
        </Card.Body>
      </Frame>
    );
  }
  const c = p.community;
  const here = `/invite/${token}`;
  async function reportIt() {
    try {
      await report.mutateAsync({ token });
    } catch (error) {
      notify.error(t('invitations.page.reportFailed'), errorInfo(error).message);
    }
  }
  async function join() {
    try {
      const joined = await accept.mutateAsync({ token });
      notify.success(t('invitations.page.joined', { community: c.name }));
      await refreshCommunities(queryClient);
      await navigate({ to: '/community/$id', params: { id: String(joined.communityId) } });
    } catch (error) {
      notify.error(t('invitations.page.failed'), errorInfo(error).message);
    }
  }
  return (
    <Frame>
      {c.imageUrl && <Image {...bannerImage(c.imageUrl)} alt="" h="40" w="full" objectFit="cover" />}
      <Card.Body gap="3">
        <Text color="fg.muted">{p.inviterFirstName ? t('invitations.page.invitedBy', { name: p.inviterFirstName }) : t('invitations.page.invited')}</Text>
        <Heading as="h1" size="2xl">
          {c.name}
        </Heading>
        <HStack gap="3" color="fg.muted" fontSize="sm" flexWrap="wrap">
          <HStack gap="1">
            <Users size={14} aria-hidden /> {t('invitations.tab.members', { count: c.memberCount })}
          </HStack>
          {!c.isPublic && (
            <Badge size="sm">
              <Lock size={10} aria-hidden /> {t('invitations.tab.private')}
            </Badge>
          )}
        </HStack>
        <Text whiteSpace="pre-line">{c.description}</Text>
        {p.email && (
          <Text fontSize="sm" color="fg.muted">
            {t('invitations.page.forEmail', { email: p.email })}
          </Text>
        )}
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="2">
        {me.data ? (
          p.alreadyMember ? (
            <Stack gap="2">
              <Text>{t('invitations.page.alreadyMember')}</Text>
              <Button asChild colorPalette="brand">
                <Link to="/community/$id" params={{ id: String(c.id) }}>
                  {t('invitations.page.open')}
                </Link>
              </Button>
            </Stack>
          ) : (
            <Button colorPalette="brand" onClick={() => void join()} loading={accept.isPending} loadingText={t('invitations.page.joining')}>
              {t('invitations.page.join', { community: c.name })}
            </Button>
          )
        ) : (
          <Stack gap="2">
            <Text fontSize="sm">{t('invitations.page.signedOut')}</Text>
            <Button asChild colorPalette="brand">
              <Link to="/signup" search={{ invite: token }}>
                {t('invitations.page.createAccount')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/signin" search={{ redirect: here }}>
                {t('invitations.page.signIn')}
              </Link>
            </Button>
          </Stack>
        )}
        {p.kind === 'email' && (
          // The email's "report this invitation" link lands here: whoever did not expect it says so.
          <Stack gap="1" pt="2" borderTopWidth="1px" data-testid="invite-report">
            <Text fontSize="sm" color="fg.muted">
              {t('invitations.page.reportIntro')}
            </Text>
            <Button variant="ghost" size="sm" alignSelf="flex-start" onClick={() => void reportIt()} loading={report.isPending}>
              {t('invitations.page.report')}
            </Button>
          </Stack>
        )}
      </Card.Footer>
    </Frame>
  );
}
