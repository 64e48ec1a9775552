import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { formatAmount, formatDate } from '../../lib/format';
import type { CaseLevy, Levy } from './queries';

type LevyDates = Pick<Levy | CaseLevy, 'status' | 'overdueAfter' | 'dueAt'>;

/** Where a levy stands, in words: paid, overdue since its date, or due on its date. */
export function levyDueText(t: TFunction, l: LevyDates): string {
  if (l.status === 'paid') return t('welfare.levies.paid');
  return l.status === 'overdue' ? t('welfare.levies.overdue', { date: formatDate(l.overdueAfter) }) : t('welfare.levies.due', { date: formatDate(l.dueAt) });
}

/** What has been paid towards a levy and waits for an officer's confirmation, when there is any. */
export function LevyPending({ levy, currency }: { levy: Pick<Levy | CaseLevy, 'pending'>; currency: Currency }) {
  const { t } = useTranslation();
  if (levy.pending <= 0) return null;
  return (
    <Text fontSize="sm" color="orange.fg">
      {t('welfare.levies.pending', { amount: formatAmount(levy.pending, currency) })}
    </Text>
  );
}
