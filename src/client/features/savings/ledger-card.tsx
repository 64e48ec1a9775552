import { Alert, Badge, Button, HStack, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { HandHeart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { ListStates } from '../../components/list-states';
import { ReasonDialog } from '../../components/reason-dialog';
import { ActionRow, RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { StackedCell as Cell, StackedHeader, StackedTable } from '../../components/stacked-table';
import { formatAmount, formatNumber } from '../../lib/format';
import { trpc } from '../../trpc';
import { GrantDialog } from './grant-dialog';
import { entryText, loanStatusKey, LOAN_STATUS_COLOR } from './labels';
import { ledgerQuery, type Group, type Ledger } from './queries';
import { useSavingsAction } from './use-savings-action';

/**
 * The officers' view of the cycle (savings.ledger, refused to anyone else): every member's totals
 * from the confirmed entries, every loan, whether the group's money adds up, and the confirmed
 * money an officer may reverse. Plain members never get here: their page shows their own statement.
 */
export function LedgerCard({ g }: { g: Group }) {
  const { t } = useTranslation();
  const q = useQuery(ledgerQuery(g.id));
  const open = g.cycle?.status === 'open';
  return (
    <SectionCard
      id="savings-ledger"
      testId="savings-ledger"
      title={t('savings.ledger.title')}
      intro={t('savings.ledger.intro')}
      actions={open && g.funds && g.funds.socialFund > 0 && <GrantDialog g={g} trigger={<ButtonWithIcon icon={HandHeart} variant="outline">{t('savings.grants.propose')}</ButtonWithIcon>} />}
    >
      <ListStates query={q} loading={t('savings.loading')} failed={t('savings.loadFailed')} retry={t('savings.tryAgain')}>
        {() => <LedgerBody g={g} l={q.data!} />}
      </ListStates>
    </SectionCard>
  );
}

function LedgerBody({ g, l }: { g: Group; l: Ledger }) {
  const { t } = useTranslation();
  const m = (amount: number) => formatAmount(amount, g.currency);
  const columns = [
    { label: t('savings.ledger.member') },
    { label: t('savings.ledger.shares'), end: true },
    { label: t('savings.ledger.savings'), end: true },
    { label: t('savings.ledger.socialFund'), end: true },
    { label: t('savings.ledger.fines'), end: true },
    { label: t('savings.ledger.pending'), end: true },
  ];
  return (
    <Stack gap="5">
      {/* Asked for with verify (ledgerQuery); null would mean the check was not run. */}
      {l.conserved === null ? null : l.conserved ? (
        <Text fontSize="sm" color="green.fg" data-testid="conserved">
          {t('savings.ledger.conserved')}
        </Text>
      ) : (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('savings.ledger.notConserved')}</Alert.Title>
        </Alert.Root>
      )}
      <StackedTable size="sm" data-testid="ledger-table">
        <StackedHeader columns={columns} />
        <Table.Body role="rowgroup">
          {l.members.map((r) => (
            <Table.Row key={r.userId} role="row" data-testid="ledger-row" data-member={r.name}>
              <Cell label={columns[0]!.label} fontWeight="medium">
                {r.name}
              </Cell>
              <Cell label={columns[1]!.label} textAlign="end">
                {formatNumber(r.shares)}
              </Cell>
              <Cell label={columns[2]!.label} textAlign="end">
                {m(r.savings)}
              </Cell>
              <Cell label={columns[3]!.label} textAlign="end">
                {m(r.socialFund)}
              </Cell>
              <Cell label={columns[4]!.label} textAlign="end">
                {m(r.fines)}
              </Cell>
              <Cell label={columns[5]!.label} textAlign="end">
                {r.pendingCount > 0 ? m(r.pending) : '—'}
              </Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </StackedTable>
      <Stack gap="1" data-testid="ledger-loans">
        <Text fontWeight="semibold">{t('savings.ledger.loans')}</Text>
        {l.loans.length === 0 ? (
          <Text color="fg.muted">{t('savings.ledger.noLoans')}</Text>
        ) : (
          <RuledList>
            {l.loans.map((loan) => (
              <ActionRow key={loan.id} testId="ledger-loan" actions={<Badge colorPalette={LOAN_STATUS_COLOR[loan.status]}>{t(loanStatusKey(loan.status))}</Badge>}>
                <ChakraLink asChild color="brand.fg" fontWeight="medium">
                  <Link to="/savings/$id" params={{ id: String(g.id) }} search={{ loan: loan.id }}>
                    {t('savings.loans.loanOf', { id: loan.id, name: loan.borrowerName })}
                  </Link>
                </ChakraLink>
                <Text fontSize="sm" color="fg.muted">
                  {m(loan.principal)} · {t('savings.loans.paid', { interest: m(loan.interestPaid), principal: m(loan.principalRepaid) })}
                </Text>
              </ActionRow>
            ))}
          </RuledList>
        )}
      </Stack>
      <Reversible g={g} l={l} />
    </Stack>
  );
}

/** Confirmed money of the cycle, newest first: an officer proposes reversing one, with a reason; a second makes it (the to-confirm card). */
function Reversible({ g, l }: { g: Group; l: Ledger }) {
  const { t } = useTranslation();
  const act = useSavingsAction();
  const reverse = useMutation(trpc.savings.reverse.mutationOptions());
  if (g.cycle?.status !== 'open') return null;
  return (
    <Stack gap="1" data-testid="savings-confirmed">
      <Text fontWeight="semibold">{t('savings.reverse.title')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('savings.reverse.intro')}
      </Text>
      {l.confirmed.length === 0 ? (
        <Text color="fg.muted">{t('savings.reverse.empty')}</Text>
      ) : (
        <RuledList>
          {l.confirmed.map((e) => {
            const what = t('savings.confirm.what', { who: e.memberName, what: entryText(t, e, g.currency) });
            return (
              <ActionRow
                key={e.id}
                testId="confirmed-entry"
                actions={
                  e.mayReverse && (
                    <ReasonDialog
                      trigger={
                        <Button size="xs" variant="outline" aria-label={t('savings.reverse.actionLabel', { what })}>
                          {t('savings.reverse.action')}
                        </Button>
                      }
                      title={t('savings.reverse.dialogTitle')}
                      intro={`${what}. ${t('savings.reverse.dialogIntro')}`}
                      label={t('savings.confirm.reason')}
                      required={t('savings.confirm.reasonNeeded')}
                      max={300}
                      submitLabel={t('savings.reverse.submit')}
                      onSubmit={(reason) => act(() => reverse.mutateAsync({ id: e.id, reason, step: 'propose' }), t('savings.actionFailed'), t('savings.reverse.done'))}
                    />
                  )
                }
              >
                <HStack gap="2">
                  <Text fontSize="sm">{what}</Text>
                </HStack>
              </ActionRow>
            );
          })}
        </RuledList>
      )}
    </Stack>
  );
}
