import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatAmount } from '../../../lib/format';
import { trpc } from '../../../trpc';
import { RecordPaymentDialog } from './record-payment-dialog';
import { TOP_UP_STATUS_COLOR, TOP_UP_STATUS_KEY, type Detail, type Round, type TopUp } from './model';
import { RuledList } from '../../../components/rows';
import { SectionCard } from '../../../components/section-card';

/**
 * The organiser's top-ups: money paid into a round after its payout, owed on to that round's
 * beneficiary. The organiser records each one paid (a top-up owed to the organiser's own hand is
 * a finance officer's to record); the beneficiary confirms. Shown once there is one.
 */
export function TopUpsCard({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const items = d.rounds.flatMap((r) => r.topUps.map((x) => ({ round: r, topUp: x })));
  if (items.length === 0) return null;
  return (
    <SectionCard id="circle-top-ups" title={t('circle.topUps.title')} intro={t('circle.topUps.intro')}>
      <RuledList>
        {items.map(({ round, topUp }) => (
          <TopUpLine key={topUp.id} detail={d} round={round} topUp={topUp} />
        ))}
      </RuledList>
    </SectionCard>
  );
}

function TopUpLine({ detail: d, round: r, topUp: x }: { detail: Detail; round: Round; topUp: TopUp }) {
  const { t } = useTranslation();
  const record = useMutation(trpc.njangi.recordTopUp.mutationOptions());
  const c = d.circle;
  const amount = formatAmount(x.amount, c.currency);
  const name = r.beneficiary?.name ?? '';
  const toOrganiser = x.beneficiaryId === c.organiserId;
  return (
    <Stack as="li" py="3" gap="2" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} data-testid="top-up" data-round={r.number}>
      <Stack gap="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {t('circle.topUps.line', { amount, round: r.number, name })}
          </Text>
          <Badge colorPalette={TOP_UP_STATUS_COLOR[x.status]}>{t(TOP_UP_STATUS_KEY[x.status])}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {[x.fineId !== null ? t('circle.topUps.fromFine') : t('circle.topUps.fromContribution'), formatDate(x.createdAt, { style: 'short' })].join(' · ')}
        </Text>
        {x.status === 'owed' && toOrganiser && <Text fontSize="sm">{t('circle.topUps.officerRecords')}</Text>}
        {x.status === 'disputed' && x.disputeReason && (
          <Text fontSize="sm" color="red.fg">
            {t('circle.received.disputed', { reason: x.disputeReason })}
          </Text>
        )}
      </Stack>
      {x.status === 'owed' && !toOrganiser && (
        <RecordPaymentDialog
          title={t('circle.topUps.recordTitle')}
          intro={t('circle.topUps.recordIntro', { amount, round: r.number, name })}
          submitLabel={t('circle.topUps.recordSubmit')}
          send={(payment) => record.mutateAsync({ id: x.id, ...payment })}
          done={t('circle.topUps.recorded')}
          doneBody={t('circle.topUps.recordedBody', { name })}
          failed={t('circle.topUps.failed')}
          proofTestId="top-up-proof-file"
          trigger={
            <Button size="sm" colorPalette="brand" flexShrink={0} aria-label={t('circle.topUps.recordLabel', { amount, round: r.number })}>
              <HandCoins aria-hidden /> {t('circle.topUps.record')}
            </Button>
          }
        />
      )}
    </Stack>
  );
}
