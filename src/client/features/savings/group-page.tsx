import { Badge, Box, Button, Heading, HStack, Link as ChakraLink, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageFrame, PageUnavailable, RecordPage, isRecordId } from '../../components/record-page';
import { SectionCard } from '../../components/section-card';
import { DefinitionList } from '../../components/ui/definition-list';
import { formatAmount } from '../../lib/format';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc';
import { isOfficer, roleKey } from './labels';
import { LedgerCard } from './ledger-card';
import { LoanCard } from './loan-card';
import { MeetingsCard } from './meetings-card';
import { MembersCard } from './members-card';
import { groupQuery, type Group } from './queries';
import { useSavingsAction } from './use-savings-action';
import { RulesCard } from './rules-card';
import { ShareOutPanel } from './share-out-panel';
import { StatementCard } from './statement-card';
import { ToConfirmCard } from './to-confirm-card';

/**
 * A savings group's page. Everyone who sees the community's groups reads its rules and members; a
 * member reads their own statement and asks for loans; the group's officers record meetings,
 * confirm what another recorded, and read every member's totals. What each sees is the server's
 * decision (savings.group, .statement, .ledger, .loan); the page never works out anyone's money.
 */
export function GroupPage({ id, loanId }: { id: number; loanId?: number }) {
  const { t } = useTranslation();
  const valid = isRecordId(id);
  const q = useQuery({ ...groupQuery(valid ? id : 0), enabled: valid });
  const unavailable = <PageUnavailable title={t('savings.notFound.title')} body={t('savings.notFound.body')} back={{ to: '/communities', label: t('savings.back') }} />;
  return (
    <RecordPage
      valid={valid}
      query={q}
      loading={t('savings.loading')}
      testId="savings-group"
      skeleton={
        <Stack gap="4">
          <Skeleton h="40" rounded="lg" />
          <Skeleton h="64" rounded="lg" />
        </Stack>
      }
      failed={t('savings.loadFailed')}
      retry={t('savings.tryAgain')}
      notFound={unavailable}
    >
      {(g) => <GroupView g={g} loanId={loanId} />}
    </RecordPage>
  );
}

function GroupView({ g, loanId }: { g: Group; loanId?: number }) {
  const { t } = useTranslation();
  const member = g.myStatus === 'active';
  const officer = member && isOfficer(g.myRole);
  const openCycle = g.cycle?.status === 'open' ? g.cycle : null;
  return (
    <PageFrame>
      <Stack gap="5" data-testid="savings-group-page">
        <Stack gap="2" as="header">
          <ChakraLink asChild color="brand.fg" fontSize="sm">
            <Link to="/community/$id" params={{ id: String(g.communityId) }} search={{ tab: 'savings-groups' }}>
              <ChevronLeft size={16} aria-hidden /> {t('savings.back')}
            </Link>
          </ChakraLink>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
            {g.name}
          </Heading>
          <HStack gap="2" flexWrap="wrap">
            <Badge variant="outline">{g.currency}</Badge>
            {g.myRole && member && <Badge colorPalette="brand">{t('savings.groups.myRole', { role: t(roleKey(g.myRole)) })}</Badge>}
            {g.myStatus === 'pending' && <Badge colorPalette="orange">{t('savings.memberStatus.pending')}</Badge>}
            {g.status !== 'active' && <Badge>{t('savings.groups.closed')}</Badge>}
          </HStack>
          {!member && g.myStatus !== 'pending' && g.status === 'active' && <JoinButton g={g} />}
        </Stack>
        {loanId && <LoanCard loanId={loanId} group={g} />}
        {officer && <ToConfirmCard g={g} />}
        {member && <StatementCard g={g} openCycle={!!openCycle} />}
        <MeetingsCard g={g} officer={officer} member={member} />
        {officer && <LedgerCard g={g} />}
        {g.funds && (
          <SectionCard id="savings-funds" title={t('savings.funds.title')} size="sm">
            <DefinitionList
              items={[
                { label: t('savings.funds.loanFund'), value: formatAmount(g.funds.loanFund, g.currency), testId: 'loan-fund' },
                { label: t('savings.funds.socialFund'), value: formatAmount(g.funds.socialFund, g.currency), testId: 'social-fund' },
              ]}
            />
          </SectionCard>
        )}
        {(member || g.myStatus === 'left') && (
          <ShareOutPanel communityId={g.communityId} groupId={g.id} officer={officer} openCycle={!!openCycle} closedCycleId={g.cycle?.status === 'closed' ? g.cycle.id : undefined} />
        )}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="start">
          <RulesCard g={g} officer={officer} />
          <MembersCard g={g} officer={officer} />
        </SimpleGrid>
        <Box />
      </Stack>
    </PageFrame>
  );
}

function JoinButton({ g }: { g: Group }) {
  const { t } = useTranslation();
  const act = useSavingsAction();
  const join = useMutation(trpc.savings.join.mutationOptions());
  return (
    <Stack gap="1" align="flex-start">
      <Text color="fg.muted">{t('savings.statement.notMember')}</Text>
      <Button colorPalette="brand" loading={join.isPending} onClick={() => void act(() => join.mutateAsync({ id: g.id }), t('savings.actionFailed'), t('savings.groups.joinAsked'))}>
        {t('savings.groups.join')}
      </Button>
    </Stack>
  );
}
