import { Badge, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { ListStates } from '../../components/list-states';
import { ActionRow, RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { DefinitionList } from '../../components/ui/definition-list';
import { formatAmount, formatDateTime, formatNumber } from '../../lib/format';
import { entryStatusKey, entryText, loanStatusKey, LOAN_STATUS_COLOR } from './labels';
import { statementQuery, type Group } from './queries';
import { RequestLoanDialog } from './request-loan-dialog';
import { trpc } from '../../trpc';
import { useSavingsAction } from './use-savings-action';

/**
 * The member's own statement for the cycle (savings.statement: their money only): shares and
 * their value, the social fund and fines paid, what waits for confirmation, how much they may
 * borrow, their entries and their loans. Every figure is the server's, summed from the entries.
 */
export function StatementCard({ g, openCycle }: { g: Group; openCycle: boolean }) {
  const { t } = useTranslation();
  const q = useQuery(statementQuery(g.id));
  const s = q.data;
  const m = (amount: number) => formatAmount(amount, g.currency);
  const liveLoan = s?.loans.some((l) => ['requested', 'approved', 'disbursing', 'active'].includes(l.status));
  return (
    <SectionCard
      id="savings-statement"
      testId="savings-statement"
      title={t('savings.statement.title')}
      actions={openCycle && s && !liveLoan && <RequestLoanDialog g={g} limit={s.borrowingLimit} trigger={<ButtonWithIcon icon={Landmark} colorPalette="brand">{t('savings.loans.request')}</ButtonWithIcon>} />}
    >
      <ListStates query={q} loading={t('savings.loading')} failed={t('savings.loadFailed')} retry={t('savings.tryAgain')}>
        {() => (
          <Stack gap="5">
            <DefinitionList
              labelWidth="14rem"
              items={[
                { label: t('savings.statement.shares'), value: formatNumber(s!.totals.shares), testId: 'my-shares' },
                { label: t('savings.statement.value'), value: m(s!.totals.savings), testId: 'my-savings' },
                { label: t('savings.statement.socialFund'), value: m(s!.totals.socialFund) },
                { label: t('savings.statement.fines'), value: m(s!.totals.fines) },
                ...(s!.totals.grants ? [{ label: t('savings.statement.grants'), value: m(s!.totals.grants) }] : []),
                ...(s!.totals.pendingCount ? [{ label: t('savings.statement.pending'), value: m(s!.totals.pending) }] : []),
                { label: t('savings.statement.limit'), value: m(s!.borrowingLimit), testId: 'my-limit' },
              ]}
            />
            {s!.loans.length > 0 && (
              <Stack gap="1" data-testid="my-loans">
                <Text fontWeight="semibold">{t('savings.statement.loans')}</Text>
                <RuledList>
                  {s!.loans.map((l) => (
                    <ActionRow key={l.id} actions={<Badge colorPalette={LOAN_STATUS_COLOR[l.status]}>{t(loanStatusKey(l.status))}</Badge>}>
                      <ChakraLink asChild color="brand.fg" fontWeight="medium">
                        <Link to="/savings/$id" params={{ id: String(g.id) }} search={{ loan: l.id }}>
                          {t('savings.loans.open', { id: l.id })}
                        </Link>
                      </ChakraLink>
                      <Text fontSize="sm" color="fg.muted">
                        {m(l.principal)} · {t('savings.loans.paid', { interest: m(l.interestPaid), principal: m(l.principalRepaid) })}
                      </Text>
                    </ActionRow>
                  ))}
                </RuledList>
              </Stack>
            )}
            <Stack gap="1" data-testid="my-entries">
              <Text fontWeight="semibold">{t('savings.statement.entries')}</Text>
              {s!.entries.length === 0 ? (
                <Text color="fg.muted">{t('savings.statement.noEntries')}</Text>
              ) : (
                <RuledList>
                  {s!.entries.slice(0, 20).map((e) => (
                    <ActionRow
                      key={e.id}
                      actions={
                        <>
                          {e.kind === 'grant' && e.status === 'confirmed' && e.receivedAt === null && <GrantReceived id={e.id} what={entryText(t, e, g.currency)} />}
                          <Badge colorPalette={e.status === 'confirmed' ? 'green' : e.status === 'pending' ? 'orange' : 'gray'}>{t(entryStatusKey(e.status))}</Badge>
                        </>
                      }
                    >
                      <Text fontSize="sm">{entryText(t, e, g.currency)}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {formatDateTime(e.createdAt)}
                        {e.reason ? ` · ${e.reason}` : ''}
                        {e.receiptNo !== null && (
                          <>
                            {' · '}
                            <ChakraLink href={`/api/communities/${g.communityId}/savings/entries/${e.id}/receipt.pdf`} color="brand.fg">
                              {t('savings.statement.receipt', { number: e.receiptNo })}
                            </ChakraLink>
                          </>
                        )}
                      </Text>
                    </ActionRow>
                  ))}
                </RuledList>
              )}
            </Stack>
          </Stack>
        )}
      </ListStates>
    </SectionCard>
  );
}

/** A grant two officers approved waits on its beneficiary alone to say the money reached them (savings.confirmGrantReceipt). */
function GrantReceived({ id, what }: { id: number; what: string }) {
  const { t } = useTranslation();
  const act = useSavingsAction();
  const received = useMutation(trpc.savings.confirmGrantReceipt.mutationOptions());
  return (
    <Button size="xs" colorPalette="green" loading={received.isPending} aria-label={t('savings.statement.grantReceivedLabel', { what })} onClick={() => void act(() => received.mutateAsync({ id }), t('savings.actionFailed'), t('savings.statement.grantReceiptDone'))}>
      {t('savings.statement.grantReceived')}
    </Button>
  );
}
