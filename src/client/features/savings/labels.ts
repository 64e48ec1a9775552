import type { MessageKey } from '@shared/i18n/catalogue';
import type { Currency } from '@shared/money';
import { isOfficer } from '@shared/savings/rules';
import type { TFunction } from 'i18next';
import { formatAmount, formatPercent } from '../../lib/format';

/*
 * The savings groups' words for their codes (roles, kinds, statuses), said once for every screen,
 * and the few figures the screens spell the same way (a rate, an entry's one-line name).
 */

export const roleKey = (role: string) => `savings.roles.${role}` as MessageKey;
export const memberStatusKey = (status: string) => `savings.memberStatus.${status}` as MessageKey;
export const kindKey = (kind: string) => `savings.kinds.${kind}` as MessageKey;
export const entryStatusKey = (status: string) => `savings.entryStatus.${status}` as MessageKey;
export const loanStatusKey = (status: string) => `savings.loanStatus.${status}` as MessageKey;
export const guarantorStatusKey = (status: string) => `savings.guarantorStatus.${status}` as MessageKey;
export const fineReasonKey = (reason: string) => `savings.fineReasons.${reason}` as MessageKey;
export const interestMethodKey = (method: string) => `savings.interestMethods.${method}` as MessageKey;
/** The method inside a sentence, lower case. */
export const interestInKey = (method: string) => `savings.interestIn.${method}` as MessageKey;
export const frequencyKey = (frequency: string) => `savings.frequencies.${frequency}` as MessageKey;

export const LOAN_STATUS_COLOR: Record<string, string> = { requested: 'orange', approved: 'blue', disbursing: 'blue', active: 'green', repaid: 'gray', rejected: 'red', written_off: 'red' };

export { isOfficer };

/** A rate in basis points a period as a percentage ("2 %"). */
export const rateText = (bps: number) => formatPercent(bps / 10_000, { maxDigits: 2 });

/** An entry in a few words: its kind (a fine's reason, shares' count) and amount. */
export function entryText(t: TFunction, e: { kind: string; shares: number; amount: number; fineReason: string | null }, currency: Currency | string) {
  const what = e.kind === 'fine' && e.fineReason ? `${t(kindKey(e.kind))} (${t(fineReasonKey(e.fineReason))})` : e.kind === 'shares' ? `${t(kindKey(e.kind))} × ${Math.abs(e.shares)}` : t(kindKey(e.kind));
  return `${what} · ${formatAmount(e.amount, currency)}`;
}
