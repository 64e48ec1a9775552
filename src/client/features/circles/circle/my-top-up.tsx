import { Badge, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatAmount } from '../../../lib/format';
import { METHOD_KEY } from '../../finances/labels';
import { topUpReceiptUrl } from './queries';
import { ReceivedRow } from './received-row';
import { TOP_UP_STATUS_COLOR, TOP_UP_STATUS_KEY, type Detail, type Round, type TopUp } from './model';

/**
 * A top-up owed to the viewer, beneficiary of its round: owed (the organiser, or for the
 * organiser's own hand a finance officer, pays it on), then confirmed or "not received" by the
 * viewer alone, as for a payout; a confirmed one has its receipt.
 */
export function MyTopUpRow({ detail: d, round: r, topUp: x }: { detail: Detail; round: Round; topUp: TopUp }) {
  const { t } = useTranslation();
  const c = d.circle;
  const amount = formatAmount(x.amount, c.currency);
  return (
    <ReceivedRow
      item={x}
      testId="my-top-up"
      round={r.number}
      line={t('circle.received.topUpLine', { amount, round: r.number })}
      badge={<Badge colorPalette={TOP_UP_STATUS_COLOR[x.status]}>{t(TOP_UP_STATUS_KEY[x.status])}</Badge>}
      details={
        x.status === 'owed' ? (
          <Text fontSize="sm">{x.beneficiaryId === c.organiserId ? t('circle.received.topUpOwedOfficer') : t('circle.received.topUpOwed')}</Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {[x.method ? t(METHOD_KEY[x.method]) : null, x.reference, x.recordedAt ? formatDate(x.recordedAt, { style: 'short' }) : null].filter(Boolean).join(' · ')}
          </Text>
        )
      }
      receipt={{ url: topUpReceiptUrl(x.id), label: t('circle.receipts.topUpLabel', { number: x.receiptNo, round: r.number }) }}
      id={x.id}
      topUp
      amount={amount}
    />
  );
}
