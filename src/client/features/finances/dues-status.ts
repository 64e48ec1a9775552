import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { financeSummaryQuery } from './queries';
import { money } from './shared';

/** The Overview's "Dues status": the viewer's own payments this year and what waits, or that the books are not open. */
export function useDuesStatus(communityId: number, enabled: boolean): string {
  const { t } = useTranslation();
  const q = useQuery({ ...financeSummaryQuery(communityId), enabled });
  if (q.isPending) return t('common.loading');
  if (q.isError) return t('finances.overview.unavailable');
  const s = q.data;
  if (!s.opened) return t('finances.overview.notOpened');
  const paid = money(s.own.paidThisYear, s.currency);
  return s.own.pending > 0 ? t('finances.overview.paidPending', { paid, pending: money(s.own.pending, s.currency) }) : t('finances.overview.paid', { paid });
}
