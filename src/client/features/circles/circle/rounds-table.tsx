import { Badge, Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { StackedCell as Cell, StackedTable } from '../../../components/stacked-table';
import { AlertTriangle, Banknote, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useSignedInUser } from '../../auth/current-user';
import { payoutReceiptUrl } from './queries';
import { RecordPayoutDialog } from './record-payout-dialog';
import { PAYOUT_STATUS_COLOR, PAYOUT_STATUS_KEY, TOP_UP_STATUS_COLOR, TOP_UP_STATUS_KEY, type Detail, type Round } from './model';
import { formatAmount, formatDay } from '../../../lib/format';

/**
 * The payout order: every round with its due date, who receives, how many hands have paid (a
 * count: who paid is the organiser's to see), the payout and its state, and the top-ups owed or
 * paid on it. The organiser records the next round's payout from its row, unless its pot goes to
 * the organiser's own hand: a finance officer records that one.
 */
export function RoundsTable({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const c = d.circle;
  const organiser = d.viewer.isOrganiser;
  const canPay = organiser && c.status === 'active';

  const status = (r: Round) => {
    // A long state wraps on a phone rather than running out of its card.
    if (r.payout)
      return (
        <Badge colorPalette={PAYOUT_STATUS_COLOR[r.payout.status]} whiteSpace="normal">
          {t(PAYOUT_STATUS_KEY[r.payout.status])}
        </Badge>
      );
    if (c.status !== 'active') return <Badge colorPalette="gray">{t('circle.rounds.notPaid')}</Badge>;
    if (r.id === d.nextRoundId) return <Badge colorPalette="blue">{t('circle.rounds.collecting')}</Badge>;
    return <Badge variant="outline">{t('circle.rounds.upcoming')}</Badge>;
  };

  return (
    <SectionCard id="circle-rounds" title={t('circle.rounds.title')} intro={c.payoutMethod === 'auction' && t('circle.rounds.auctionNote')} >
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-labelledby="circle-rounds">
        <StackedTable size="sm" data-testid="rounds-table">
          <Table.Caption srOnly>{t('circle.rounds.caption')}</Table.Caption>
          <Table.Header role="rowgroup">
            <Table.Row role="row">
              <Table.ColumnHeader role="columnheader">{t('circle.rounds.round')}</Table.ColumnHeader>
              <Table.ColumnHeader role="columnheader">{t('circle.rounds.due')}</Table.ColumnHeader>
              <Table.ColumnHeader role="columnheader">{t('circle.rounds.beneficiary')}</Table.ColumnHeader>
              <Table.ColumnHeader role="columnheader">{t('circle.rounds.progress')}</Table.ColumnHeader>
              <Table.ColumnHeader role="columnheader" textAlign="end">{t('circle.rounds.payout')}</Table.ColumnHeader>
              <Table.ColumnHeader role="columnheader">{t('circle.rounds.status')}</Table.ColumnHeader>
              {canPay && <Table.ColumnHeader role="columnheader">{t('circle.rounds.action')}</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body role="rowgroup">
            {d.rounds.map((r) => {
              const mine = r.beneficiary?.userId === me.id;
              const showReceipt = r.payout?.status === 'confirmed' && r.payout.receiptNo !== null && (organiser || r.payout.beneficiaryId === me.id);
              return (
                <Table.Row role="row" key={r.id} data-testid="round-row" data-round={r.number} bg={r.id === d.nextRoundId ? 'bg.subtle' : undefined}>
                  <Cell label={t('circle.rounds.round')} fontWeight="semibold">
                    {r.number}
                  </Cell>
                  <Cell label={t('circle.rounds.due')} whiteSpace="nowrap">
                    {formatDay(r.dueDate)}
                  </Cell>
                  <Cell label={t('circle.rounds.beneficiary')} minW="36">
                    {r.beneficiary ? (
                      <Stack gap="0.5">
                        <HStack gap="1" flexWrap="wrap">
                          <Text data-testid="round-beneficiary">{r.beneficiary.name}</Text>
                          {mine && (
                            <Badge size="sm" variant="outline">
                              {t('circle.you')}
                            </Badge>
                          )}
                        </HStack>
                        <Text fontSize="xs" color="fg.muted">
                          {t('circle.hand', { number: r.beneficiary.handNo })}
                        </Text>
                        {r.beneficiaryBehind && !r.payout && (
                          <HStack gap="1" color="orange.fg" fontSize="xs">
                            <AlertTriangle size={12} aria-hidden />
                            <Text>{t('circle.rounds.behind')}</Text>
                          </HStack>
                        )}
                      </Stack>
                    ) : (
                      <Text color="fg.muted">{t('circle.rounds.byAuction')}</Text>
                    )}
                  </Cell>
                  <Cell label={t('circle.rounds.progress')} whiteSpace="nowrap" data-testid="round-progress">
                    {t('circle.rounds.paidCount', { paid: r.confirmed, total: c.hands })}
                  </Cell>
                  <Cell label={t('circle.rounds.payout')} textAlign="end" whiteSpace="nowrap">
                    <Stack gap="0.5" minW="0" align={{ base: 'flex-start', md: 'flex-end' }}>
                      <Text as="span">{r.payout ? formatAmount(r.payout.amount, c.currency) : '—'}</Text>
                      {/* Money paid into the round after its payout, owed on to its beneficiary. */}
                      {r.topUps.map((x) => (
                        <HStack key={x.id} gap="1" fontSize="xs" flexWrap="wrap" justify={{ md: 'flex-end' }} data-testid="round-top-up">
                          <Text as="span">{t('circle.topUps.onRound', { amount: formatAmount(x.amount, c.currency) })}</Text>
                          <Badge size="sm" colorPalette={TOP_UP_STATUS_COLOR[x.status]} whiteSpace="normal">
                            {t(TOP_UP_STATUS_KEY[x.status])}
                          </Badge>
                        </HStack>
                      ))}
                    </Stack>
                  </Cell>
                  <Cell label={t('circle.rounds.status')}>
                    <Stack gap="1" minW="0" align="flex-start">
                      {status(r)}
                      {showReceipt && (
                        <Link href={payoutReceiptUrl(r.payout!.id)} download fontSize="xs" color="brand.fg" whiteSpace="nowrap" aria-label={t('circle.receipts.payoutLabel', { number: r.payout!.receiptNo, round: r.number })}>
                          <Download size={12} aria-hidden /> {t('circle.receipts.download')}
                        </Link>
                      )}
                    </Stack>
                  </Cell>
                  {canPay && (
                    <Cell label={t('circle.rounds.action')}>
                      {r.id === d.nextRoundId && r.beneficiary?.userId === c.organiserId && (
                        <Text fontSize="xs" color="fg.muted" data-testid="payout-by-officer">
                          {t('circle.payout.byOfficer')}
                        </Text>
                      )}
                      {r.id === d.nextRoundId && r.beneficiary?.userId !== c.organiserId && (
                        <RecordPayoutDialog
                          detail={d}
                          round={r}
                          trigger={
                            <Button size="xs" colorPalette="brand" whiteSpace="nowrap" aria-label={t('circle.payout.openLabel', { round: r.number })}>
                              <Banknote aria-hidden /> {t('circle.payout.open')}
                            </Button>
                          }
                        />
                      )}
                    </Cell>
                  )}
                </Table.Row>
              );
            })}
          </Table.Body>
        </StackedTable>
      </Table.ScrollArea>
    </SectionCard>
  );
}
