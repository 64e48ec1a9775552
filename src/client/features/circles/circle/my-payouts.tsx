import { Badge, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatAmount } from '../../../lib/format';
import { METHOD_KEY } from '../../finances/labels';
import { useSignedInUser } from '../../auth/current-user';
import { MyTopUpRow } from './my-top-up';
import { payoutReceiptUrl } from './queries';
import { PAYOUT_STATUS_COLOR, PAYOUT_STATUS_KEY, type Detail, type Payout, type Round } from './model';
import { RuledList } from '../../../components/rows';
import { ReceivedRow } from './received-row';
import { SectionCard } from '../../../components/section-card';

/**
 * The payouts the viewer received, each followed by its round's top-ups owed to them: only they
 * confirm receipt ("Not received" with a reason tells the community's leaders); a confirmed one
 * has its receipt. Nothing shows until a payout is recorded.
 */
export function MyPayouts({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const mine = d.rounds.filter((r): r is Round & { payout: Payout } => r.payout !== null && r.payout.beneficiaryId === me.id);
  if (mine.length === 0) return null;
  return (
    <SectionCard id="circle-my-payouts" title={t('circle.received.title')} borderColor="brand.muted">
      <RuledList>
        {mine.flatMap((r) => [
          <PayoutRow key={r.id} detail={d} round={r} payout={r.payout} />,
          ...r.topUps.filter((x) => x.beneficiaryId === me.id).map((x) => <MyTopUpRow key={`top-up-${x.id}`} detail={d} round={r} topUp={x} />),
        ])}
      </RuledList>
    </SectionCard>
  );
}

function PayoutRow({ detail: d, round: r, payout: p }: { detail: Detail; round: Round; payout: Payout }) {
  const { t } = useTranslation();
  const amount = formatAmount(p.amount, d.circle.currency);
  return (
    <ReceivedRow
      item={p}
      testId="my-payout"
      round={r.number}
      line={t('circle.received.line', { amount, round: r.number })}
      badge={<Badge colorPalette={PAYOUT_STATUS_COLOR[p.status]}>{t(PAYOUT_STATUS_KEY[p.status])}</Badge>}
      details={
        <Text fontSize="sm" color="fg.muted">
          {[t(METHOD_KEY[p.method]), p.reference, formatDate(p.createdAt, { style: 'short' })].filter(Boolean).join(' · ')}
        </Text>
      }
      receipt={{ url: payoutReceiptUrl(p.id), label: t('circle.receipts.payoutLabel', { number: p.receiptNo, round: r.number }) }}
      id={p.id}
      amount={amount}
    />
  );
}
