import type { MessageKey } from '@shared/i18n/catalogue';
import { notices as enNotices } from '@shared/i18n/en/notices';
import { notices as frNotices } from '@shared/i18n/fr/notices';
import { codeKeys, stemKeys } from '../../lib/catalogue-keys';
import type { Account, DuesStatus, Entry, ExpenseStatus, Obligation, Payment, PaymentStatus } from './types';

/* The books' codes (statuses, methods, purposes, account kinds, transparency) with the catalogue keys of their words and their colours, and the choices the forms offer. */

/** A category's name: the catalogue's for a built-in one, its own otherwise. */
export const categoryName = (t: (key: MessageKey) => string, category: { builtIn: string | null; name: string | null } | undefined): string =>
  !category ? '' : category.builtIn ? t(`finances.categories.${category.builtIn}` as MessageKey) : (category.name ?? '');

/** The names the books' first account is given when they are opened, in every language. */
const CASH_BOX_NAMES = new Set([enNotices.cashBox, frNotices.cashBox]);

/**
 * An account's name as the reader says it: the cash box the books start with is named in the
 * language of whoever opened them, so it reads in the reader's ("Caisse", "Cash box"); an account
 * a manager named keeps its name.
 */
export const accountName = (t: (key: MessageKey) => string, account: Pick<Account, 'name' | 'kind'>): string =>
  account.kind === 'cash' && CASH_BOX_NAMES.has(account.name) ? t('notices.cashBox') : account.name;

export const PAYMENT_STATUS_KEY = codeKeys('finances.status', ['pending', 'confirmed', 'rejected', 'reversed']) satisfies Record<PaymentStatus, MessageKey>;

export const EXPENSE_STATUS_KEY = codeKeys('finances.expenseStatus', ['pending', 'approved', 'rejected', 'paid']) satisfies Record<ExpenseStatus, MessageKey>;

export const STATUS_COLOR: Record<PaymentStatus | ExpenseStatus, string> = {
  pending: 'orange',
  confirmed: 'green',
  rejected: 'red',
  approved: 'blue',
  paid: 'green',
  reversed: 'gray',
};

export const DUES_STATUS_KEY = codeKeys('finances.dues.status', ['paidUp', 'due', 'overdue', 'none']) satisfies Record<DuesStatus, MessageKey>;

export const DUES_STATUS_COLOR: Record<DuesStatus, string> = { paidUp: 'green', due: 'orange', overdue: 'red', none: 'gray' };

export const OBLIGATION_STATUS_KEY = codeKeys('finances.dues.obligationStatus', ['paid', 'due', 'overdue', 'upcoming']) satisfies Record<Obligation['status'], MessageKey>;

export const OBLIGATION_STATUS_COLOR: Record<Obligation['status'], string> = { paid: 'green', due: 'orange', overdue: 'red', upcoming: 'gray' };

export const DUES_PERIODS = ['monthly', 'quarterly', 'yearly', 'once'] as const;
export type DuesPeriod = (typeof DUES_PERIODS)[number];
export const DUES_PERIOD_KEY = codeKeys('finances.plans.periods', DUES_PERIODS) satisfies Record<DuesPeriod, MessageKey>;

export const PURPOSES = ['dues', 'donation'] as const;
/** Every purpose a payment can have; a levy is paid from the welfare fund's pages, never declared here. */
export const PURPOSE_KEY = { dues: 'finances.purpose.dues', donation: 'finances.purpose.donation', levy: 'finances.purpose.levy', fine: 'finances.purpose.fine' } as const satisfies Record<Payment['purpose'], MessageKey>;

export const METHODS = ['cash', 'mobile_money', 'bank_transfer', 'other'] as const;
export const METHOD_KEY = codeKeys('finances.method', METHODS) satisfies Record<(typeof METHODS)[number], MessageKey>;

/** Mobile money services members are offered as suggestions (they may type another). */
export const PROVIDERS = ['MTN MoMo', 'Orange Money', 'M-Pesa', 'Wave', 'Airtel Money'] as const;

export const ACCOUNT_KINDS = ['cash', 'mobile', 'bank'] as const;
export const ACCOUNT_KIND_KEY = codeKeys('finances.accountKind', ACCOUNT_KINDS) satisfies Record<(typeof ACCOUNT_KINDS)[number], MessageKey>;

export const TRANSPARENCIES = ['summary', 'ledger', 'named_ledger', 'own'] as const;
export type Transparency = (typeof TRANSPARENCIES)[number];
export const TRANSPARENCY_KEY = stemKeys('finances.setup.transparency', TRANSPARENCIES) satisfies Record<Transparency, MessageKey>;

/** What each choice shows members, said in full beside the choice. */
export const TRANSPARENCY_DESCRIBE_KEY = stemKeys('finances.setup.describe', TRANSPARENCIES) satisfies Record<Transparency, MessageKey>;

/** What members see, as the end of a sentence ("members see the totals"). */
export const TRANSPARENCY_SEE_KEY = stemKeys('finances.setup.see', TRANSPARENCIES) satisfies Record<Transparency, MessageKey>;

export const ENTRY_KIND_KEY = stemKeys('finances.ledger.kind', ['payment', 'expense', 'reversal']) satisfies Record<Entry['kind'], MessageKey>;
