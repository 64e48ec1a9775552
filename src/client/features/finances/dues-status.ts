import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { financeSummaryQuery, myDuesQuery } from './queries';
import { DUES_STATUS_KEY } from './labels';
import { formatAmount } from '../../lib/format';

/**
 * The Overview's "Dues status": once the viewer owes dues under a plan, their status ("Paid up to
 * date", "Payment due · 5,000 FCFA outstanding", "Overdue · …"); before that, their own payments
 * this year and what waits; or that the books are not open.
 */
export function useDuesStatus(communityId: number, enabled: boolean): string {
  const { t } = useTranslation();
  const q = useQuery({ ...financeSummaryQuery(communityId), enabled });
  const opened = q.data?.opened === true;
  const dues = useQuery({ ...myDuesQuery(communityId), enabled: enabled && opened });
  if (q.isPending) return t('common.loading');
  if (q.isError) return t('finances.overview.unavailable');
  const s = q.data;
  if (!s.opened) return t('finances.overview.notOpened');
  if (dues.isPending) return t('common.loading');
  const d = dues.data;
  if (d && d.status !== 'none') {
    const status = t(DUES_STATUS_KEY[d.status]);
    return d.outstanding > 0 ? t('finances.overview.owing', { status, amount: formatAmount(d.outstanding, d.currency) }) : status;
  }
  // No dues owed yet (or they could not be read): what the viewer paid, as before plans existed.
  const paid = formatAmount(s.own.paidThisYear, s.currency);
  return s.own.pending > 0 ? t('finances.overview.paidPending', { paid, pending: formatAmount(s.own.pending, s.currency) }) : t('finances.overview.paid', { paid });
}
