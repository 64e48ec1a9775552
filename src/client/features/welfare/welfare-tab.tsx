import { Badge, Button, Card, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { Currency } from '@shared/money';
import { ListSkeleton, LoadFailed } from '../../components/list-states';
import { LoadMore } from '../../components/load-more';
import { notify } from '../../components/toaster';
import { formatAmount, formatDate } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import type { Community } from '../communities/membership';
import { can } from '@shared/permissions';
import { MyStandingCard } from '../standing/my-standing';
import { StandingRollCard } from '../standing/standing-roll';
import { AddDependantDialog, OpenCaseDialog, PayLevyDialog } from './forms';
import { casesQuery, dependantsQuery, fundsQuery, myLeviesQuery, refreshWelfare, type CaseSummary, type Fund, type Levy } from './queries';
import { ChangeRulesDialog, CreateFundDialog } from './officer-forms';
import { CASE_STATUS_COLOR, caseStatusKey, isWelfareOfficer } from './case-status';
import { LevyPending, levyDueText } from './levy-words';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { RowButton } from '../../components/rows';

/**
 * A community's Welfare tab: the member's own standing and levies, the cases the community shares
 * (their collection as totals only), the member's dependants, and the funds with their rules.
 */
export function WelfareTab({ community: c }: { community: Community }) {
  const funds = useQuery(fundsQuery(c.id));
  const levies = useQuery(myLeviesQuery(c.id));
  const currency = (levies.data?.currency ?? 'XAF') as Currency;
  return (
    <Stack gap="4" data-testid="welfare-tab">
      <MyStandingCard communityId={c.id} />
      <LeviesCard levies={levies.data?.levies} currency={currency} loading={levies.isPending} />
      <CasesCard community={c} funds={funds.data ?? []} currency={currency} />
      <DependantsCard communityId={c.id} />
      <FundsCard community={c} funds={funds.data} loading={funds.isPending} currency={currency} />
      {can(c.role, 'standing.view') && <StandingRollCard community={c} />}
    </Stack>
  );
}

function Section(props: { id: string; title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={props.id} size="sm" data-testid={props.id}>
      <Card.Header>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Card.Title as="h2" id={props.id}>
            {props.title}
          </Card.Title>
          {props.action}
        </HStack>
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card.Root>
  );
}

function LeviesCard({ levies, currency, loading }: { levies: Levy[] | undefined; currency: Currency; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Section id="welfare-levies" title={t('welfare.levies.title')}>
      {loading ? (
        <ListSkeleton label={t('welfare.loading')} rows={1} />
      ) : !levies?.length ? (
        <Text color="fg.muted">{t('welfare.levies.empty')}</Text>
      ) : (
        <Stack gap="3">
          {levies.map((l) => (
            <HStack key={l.id} justify="space-between" align="flex-start" flexWrap="wrap" gap="2" data-testid="levy-row">
              <Stack gap="0" minW="0" flex="1 1 12rem">
                <Text fontWeight="medium">{l.caseId ? t('welfare.levies.forCase', { fund: l.fund ?? '', id: l.caseId }) : t('welfare.levies.forMonth', { fund: l.fund ?? '', month: l.periodKey ?? '' })}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatAmount(l.amount, currency)} · {levyDueText(t, l)}
                </Text>
                <LevyPending levy={l} currency={currency} />
              </Stack>
              {l.outstanding - l.pending > 0 && (
                <PayLevyDialog
                  levy={l}
                  currency={currency}
                  trigger={
                    <Button size="sm" colorPalette="brand">
                      {t('welfare.levies.pay')}
                    </Button>
                  }
                />
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function CasesCard({ community: c, funds, currency }: { community: Community; funds: Fund[]; currency: Currency }) {
  const { t } = useTranslation();
  const { query: q, items } = useCursorList(casesQuery(c.id));
  const active = funds.filter((f) => f.active);
  return (
    <Section
      id="welfare-cases"
      title={t('welfare.cases.title')}
      action={
        active.length > 0 && (
          <OpenCaseDialog
            community={c}
            funds={active}
            trigger={<ButtonWithIcon icon={Plus} colorPalette="brand">{t('welfare.cases.open')}</ButtonWithIcon>}
          />
        )
      }
    >
      {q.isPending ? (
        <ListSkeleton label={t('welfare.loading')} rows={2} />
      ) : q.isError ? (
        <LoadFailed message={t('welfare.loadFailed')} retryLabel={t('welfare.tryAgain')} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : items.length === 0 ? (
        <Text color="fg.muted">{t('welfare.cases.empty')}</Text>
      ) : (
        <Stack gap="2">
          {(items as CaseSummary[]).map((k) => (
            <CaseRow key={k.id} k={k} currency={currency} />
          ))}
          <LoadMore query={q} />
        </Stack>
      )}
    </Section>
  );
}

function CaseRow({ k, currency }: { k: CaseSummary; currency: Currency }) {
  const { t } = useTranslation();
  return (
    <LinkBox as="article" borderWidth="1px" rounded="md" p="3" data-testid="case-row">
      <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="2">
        <Stack gap="0" minW="0" flex="1 1 12rem">
          <LinkOverlay asChild>
            <Link to="/welfare/$id" params={{ id: String(k.id) }}>
              <Text fontWeight="medium">
                {k.fund} #{k.id}
              </Text>
            </Link>
          </LinkOverlay>
          <Text fontSize="sm" color="fg.muted">
            {t('welfare.cases.subject', { member: k.member, relationship: t(`welfare.relationshipOf.${k.relationship}` as MessageKey) })} · {formatAmount(k.benefitAmount, currency)}
          </Text>
          {k.collection && (
            <Text fontSize="sm" data-testid="case-progress">
              {t('welfare.cases.progress', { collected: formatAmount(k.collection.collected, currency), expected: formatAmount(k.collection.expected, currency), paid: k.collection.paidCount, levied: k.collection.levied })}
            </Text>
          )}
        </Stack>
        <Badge colorPalette={CASE_STATUS_COLOR[k.status]}>{t(caseStatusKey(k.status))}</Badge>
      </HStack>
    </LinkBox>
  );
}

function DependantsCard({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useQuery(dependantsQuery(communityId));
  const remove = useMutation(trpc.welfare.removeDependant.mutationOptions());
  async function onRemove(id: number) {
    try {
      await remove.mutateAsync({ id });
      notify.success(t('welfare.dependants.removed'));
      await refreshWelfare(queryClient);
    } catch (error) {
      notify.error(t('welfare.loadFailed'), error instanceof Error ? error.message : String(error));
    }
  }
  return (
    <Section
      id="welfare-dependants"
      title={t('welfare.dependants.title')}
      action={
        <AddDependantDialog
          communityId={communityId}
          trigger={<ButtonWithIcon icon={Plus} variant="outline">{t('welfare.dependants.add')}</ButtonWithIcon>}
        />
      }
    >
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted">
          {t('welfare.dependants.intro')}
        </Text>
        {q.data?.length === 0 && <Text color="fg.muted">{t('welfare.dependants.empty')}</Text>}
        {q.data?.map((d) => (
          <HStack key={d.id} justify="space-between" gap="2" data-testid="dependant-row">
            <Stack gap="0">
              <Text fontWeight="medium">{d.name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t(`welfare.relationships.${d.relationship}` as MessageKey)} · {t('welfare.dependants.added', { date: formatDate(d.addedAt) })}
              </Text>
            </Stack>
            <Button size="xs" variant="ghost" aria-label={t('welfare.dependants.remove', { name: d.name })} onClick={() => onRemove(d.id)} loading={remove.isPending && remove.variables?.id === d.id}>
              <Trash2 aria-hidden />
            </Button>
          </HStack>
        ))}
      </Stack>
    </Section>
  );
}

function FundsCard({ community: c, funds, loading, currency }: { community: Community; funds: Fund[] | undefined; loading: boolean; currency: Currency }) {
  const { t } = useTranslation();
  const officer = isWelfareOfficer(c);
  return (
    <Section
      id="welfare-funds"
      title={t('welfare.funds.title')}
      action={
        officer && (
          <CreateFundDialog
            communityId={c.id}
            currency={currency}
            trigger={<ButtonWithIcon icon={Plus} variant="outline">{t('welfare.funds.add')}</ButtonWithIcon>}
          />
        )
      }
    >
      {loading ? (
        <ListSkeleton label={t('welfare.loading')} rows={1} />
      ) : !funds?.length ? (
        <Text color="fg.muted">{t(officer ? 'welfare.funds.emptyOfficer' : 'welfare.funds.empty')}</Text>
      ) : (
        <Stack gap="4">
          {funds.map((f) => (
            <Stack key={f.id} gap="1" data-testid="fund">
              <HStack gap="2" flexWrap="wrap" justify="space-between">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="semibold">{f.name}</Text>
                  <Badge>{t(`welfare.kinds.${f.kind}` as MessageKey)}</Badge>
                </HStack>
                {officer && (
                  <ChangeRulesDialog
                    fund={f}
                    currency={currency}
                    trigger={
                      <RowButton label={t('welfare.funds.changeRulesOf', { name: f.name })}>{t('welfare.funds.changeRules')}</RowButton>
                    }
                  />
                )}
              </HStack>
              <Text fontSize="sm">{t(`welfare.financing.${f.financing}` as MessageKey)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {Object.entries(f.rules.benefits)
                  .filter(([, amount]) => amount !== undefined)
                  .map(([r, amount]) => t('welfare.funds.benefitFor', { relationship: t(`welfare.relationships.${r}` as MessageKey), amount: formatAmount(amount!, currency) }))
                  .join(' · ')}
              </Text>
              {f.rules.levyAmount !== undefined && <Text fontSize="sm">{t('welfare.funds.levyEach', { amount: formatAmount(f.rules.levyAmount, currency), days: f.rules.levyDueDays })}</Text>}
              <Text fontSize="sm" color="fg.muted">
                {t('welfare.funds.waiting', { days: f.rules.dependantWaitingDays })} · {t('welfare.funds.version', { version: f.version })}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
