import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatAmount } from '../../../lib/format';
import { ProofLink } from '../../finances/proof-picker';
import { METHOD_KEY } from '../../finances/labels';
import { RecordCashDialog } from './record-cash-dialog';
import { currentLocale } from '../../../i18n';
import { type Contribution, type Detail } from './model';
import { RuledList } from '../../../components/rows';
import { ContributionDecision } from './decisions';
import { SectionCard } from '../../../components/section-card';
import { EmptyNote } from '../../../components/empty-state';

/**
 * The organiser's queue: contributions members declared, with their proof, to confirm (a receipt
 * number is given) or reject with a reason; and "Record cash" for money handed over at a meeting.
 */
export function ContributionsQueue({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const c = d.circle;
  const pending = d.contributions.filter((x) => x.status === 'pending');
  const officers = d.officers.map((o) => o.name);
  const hands = new Map(d.hands.map((h) => [h.id, h]));
  const rounds = new Map(d.rounds.map((r) => [r.id, r]));

  const row = (x: Contribution) => {
    const hand = hands.get(x.handId);
    const name = hand?.name ?? '';
    const round = rounds.get(x.roundId)?.number ?? 0;
    const amount = formatAmount(x.amount, c.currency);
    // The organiser's own: a finance officer decides it, never the organiser.
    const own = x.userId === c.organiserId;
    return (
      <Stack as="li" key={x.id} gap="2" py="3" data-testid="pending-contribution" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
        <Stack gap="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {name}
            </Text>
            <Text fontWeight="semibold">{amount}</Text>
            {x.late && <Badge colorPalette="orange">{t('circle.mine.paidLate')}</Badge>}
            {own && <Badge colorPalette="purple">{t('circle.own.waits')}</Badge>}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {[t('circle.queue.what', { round, hand: hand?.handNo ?? 0 }), t(METHOD_KEY[x.method]), x.reference, formatDate(x.createdAt, { style: 'short' })].filter(Boolean).join(' · ')}
          </Text>
          {x.proofUrl ? (
            <ProofLink url={x.proofUrl} label={t('circle.queue.proofOf', { name })} pdfLabel={t('circle.queue.proofPdfOf', { name })} />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('circle.queue.noProof')}
            </Text>
          )}
        </Stack>
        {!own && (
          <ContributionDecision id={x.id} name={name} round={round} amount={amount} />
        )}
      </Stack>
    );
  };

  return (
    <SectionCard
      id="circle-queue"
      title={t('circle.queue.title')}
      actions={
        <>
          <RecordCashDialog
            detail={d}
            trigger={
              <Button size="sm" variant="outline">
                <HandCoins aria-hidden /> {t('circle.cash.open')}
              </Button>
            }
          />
        </>
      }
      bodyGap="3"
    >
      <Text fontSize="sm" color={officers.length ? 'fg.muted' : 'orange.fg'} data-testid="own-money-officers">
        {officers.length ? t('circle.own.who', { names: new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(officers) }) : t('circle.own.nobody')}
      </Text>
      {pending.length === 0 ? <EmptyNote icon={<CircleCheck />}>{t('circle.queue.empty')}</EmptyNote> : <RuledList>{pending.map(row)}</RuledList>}
    </SectionCard>
  );
}
