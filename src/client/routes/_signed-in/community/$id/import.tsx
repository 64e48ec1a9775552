import { Button, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import { PageLoading } from '../../../../components/page-loading';
import { CommunityNotFound } from '../../../../features/communities/not-found';
import { communityQuery } from '../../../../features/communities/queries';
import { LedgerImport } from '../../../../features/imports/ledger-import';
import { MembersImport } from '../../../../features/imports/members-import';
import { loadQuery } from '../../../../lib/route-data';

const KINDS = ['members', 'ledger'] as const;
type Kind = (typeof KINDS)[number];
const CAPABILITY = { members: 'members.import', ledger: 'finances.import' } as const;

export const Route = createFileRoute('/_signed-in/community/$id/import')({
  validateSearch: (s: Record<string, unknown>): { kind?: Kind } => (KINDS.includes(s.kind as Kind) ? { kind: s.kind as Kind } : {}),
  beforeLoad: ({ params }) => {
    if (!/^\d+$/.test(params.id)) throw redirect({ to: '/', replace: true });
  },
  loader: ({ context: { queryClient }, params }) => loadQuery(queryClient, communityQuery(Number(params.id))),
  component: ImportPage,
});

/** Bringing an association in from its spreadsheets: members (leaders), the books' history (finance officers). */
function ImportPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const q = useQuery(communityQuery(Number(id)));
  if (q.isError) return <CommunityNotFound />;
  if (!q.data) {
    return <PageLoading label={t('imports.loading')} />;
  }
  const c = q.data;
  const kinds = KINDS.filter((k) => can(c.role, CAPABILITY[k]));
  if (!kinds.length) return <CommunityNotFound />;
  const kind = search.kind && kinds.includes(search.kind) ? search.kind : kinds[0]!;
  return (
    <Container maxW="4xl" py={{ base: '4', md: '8' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
            <Link to="/community/$id" params={{ id }}>
              <ArrowLeft aria-hidden /> {t('imports.back')}
            </Link>
          </Button>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {t('imports.title')}
          </Heading>
          <Text color="fg.muted">{c.name}</Text>
          <Text>{t('imports.intro')}</Text>
        </Stack>
        <Tabs.Root value={kind} onValueChange={(e) => void navigate({ search: { kind: e.value as Kind }, replace: true })} variant="line" colorPalette="brand" lazyMount>
          <Tabs.List aria-label={t('imports.tabs.label')}>
            {kinds.map((k) => (
              <Tabs.Trigger key={k} value={k}>
                {t(`imports.tabs.${k}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="members" pt="4">
            <MembersImport communityId={c.id} />
          </Tabs.Content>
          <Tabs.Content value="ledger" pt="4">
            <LedgerImport communityId={c.id} />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
