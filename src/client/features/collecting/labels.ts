import type { MessageKey } from '@shared/i18n/catalogue';
import type { StatementLine } from './types';

type Why = NonNullable<StatementLine['proposal']>['why'];

/** Why a line was matched with a payment, as its badge says it. */
export const WHY_KEY = {
  reference: 'collecting.why.reference',
  transactionId: 'collecting.why.transactionId',
  amountDateName: 'collecting.why.amountDateName',
} as const satisfies Record<Why, MessageKey>;

export const LINE_STATUS_KEY = {
  open: 'collecting.lineStatus.open',
  matched: 'collecting.lineStatus.matched',
  recorded: 'collecting.lineStatus.recorded',
  ignored: 'collecting.lineStatus.ignored',
} as const satisfies Record<StatementLine['status'], MessageKey>;

export const LINE_STATUS_COLOR: Record<StatementLine['status'], string> = { open: 'orange', matched: 'green', recorded: 'blue', ignored: 'gray' };
