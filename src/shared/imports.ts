import { CURRENCIES, MAX_AMOUNT, type Currency } from './money';

/*
 * Reading the cells of an imported spreadsheet (members, the books' history, a savings circle
 * already running): amounts written the English way or the French way, dates in ISO or in each
 * language's own order, yes and no in either, and the column names of either language's template.
 * Pure functions, shared by the server and the tests.
 */

/** An import is one transaction; past this many rows it is refused with a clear message. */
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_KINDS = ['members', 'ledger', 'circle'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_LANGUAGES = ['en', 'fr'] as const;
export type ImportLanguage = (typeof IMPORT_LANGUAGES)[number];

/**
 * An amount in minor units: "1500", "1 500,50" (spaces, no-break spaces or apostrophes between
 * thousands, a comma before the decimals), "1,500.50" or "1.500,50" (the last separator followed by
 * one or two digits is the decimal one; a lone separator followed by exactly three digits groups
 * thousands). Negative amounts and more decimals than the currency has are refused (null).
 */
export function parseImportAmount(text: string, currency: Currency): number | null {
  const digits = CURRENCIES[currency];
  const s = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[0-9.,]*$/.test(s)) return null;
  const seps = s.match(/[.,]/g) ?? [];
  const last = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  let whole = s;
  let fraction = '';
  const grouped = (part: string) => /^\d{1,3}([.,]\d{3})+$/.test(part) && new Set(part.match(/[.,]/g)).size === 1;
  if (new Set(seps).size === 2) {
    // Both kinds: the last one is the decimal separator, the other groups thousands.
    const head = s.slice(0, last);
    if (!grouped(head) || head.includes(s[last]!)) return null;
    whole = head.replace(/[.,]/g, '');
    fraction = s.slice(last + 1);
  } else if (seps.length > 1) {
    // One kind, several times: thousands (1,500,000 or 1.500.000).
    if (!grouped(s)) return null;
    whole = s.replace(/[.,]/g, '');
  } else if (seps.length === 1) {
    // One separator: three digits after it group thousands (no currency has three decimals); fewer are decimals.
    const after = s.slice(last + 1);
    if (after.length === 3) whole = s.replace(/[.,]/, '');
    else {
      whole = s.slice(0, last);
      fraction = after;
    }
  }
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > digits) return null;
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  if (minor <= 0n || minor > BigInt(MAX_AMOUNT)) return null;
  return Number(minor);
}

const pad = (n: number) => String(n).padStart(2, '0');
function validDay(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d > last ? null : `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * A calendar day as YYYY-MM-DD: ISO (2024-03-15) in either language, else the language's own order,
 * day first in French (15/03/2024, 15.03.2024, 15-03-2024) and month first in English (03/15/2024).
 * A spreadsheet date cell arrives already as ISO. Null for anything else (31/02, 2024-13-01, "March").
 */
export function parseImportDate(text: string, language: ImportLanguage): string | null {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][0-9:.]+Z?)?$/.exec(s);
  if (iso) return validDay(+iso[1]!, +iso[2]!, +iso[3]!);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (!local) return null;
  const [a, b, y] = [+local[1]!, +local[2]!, +local[3]!];
  return language === 'fr' ? validDay(y, b, a) : validDay(y, a, b);
}

/** A column name as written, made comparable: lower case, no accents, no punctuation. */
export const headerKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The columns of each import, with the names either language's template uses (and a few common ones). */
export const IMPORT_COLUMNS = {
  members: {
    name: { en: 'Name', fr: 'Nom', also: ['full name', 'nom complet', 'member', 'membre'] },
    email: { en: 'Email', fr: 'E-mail', also: ['e mail', 'courriel', 'adresse e mail', 'email address'] },
    phone: { en: 'Phone', fr: 'Téléphone', also: ['phone number', 'telephone number', 'numero de telephone', 'tel'] },
    role: { en: 'Role', fr: 'Rôle', also: [] },
    category: { en: 'Membership category', fr: 'Catégorie de membre', also: ['category', 'categorie', 'membership'] },
    joined: { en: 'Date joined', fr: 'Date d’adhésion', also: ['joined', 'adhesion', 'member since', 'membre depuis', 'date d adhesion'] },
  },
  ledger: {
    date: { en: 'Date', fr: 'Date', also: [] },
    member: { en: 'Member email', fr: 'E-mail du membre', also: ['member', 'membre', 'email', 'e mail'] },
    amount: { en: 'Amount', fr: 'Montant', also: [] },
    kind: { en: 'Kind', fr: 'Type', also: ['nature', 'purpose', 'objet'] },
    account: { en: 'Account', fr: 'Compte', also: [] },
    reference: { en: 'Reference', fr: 'Référence', also: ['ref'] },
    description: { en: 'Description', fr: 'Libellé', also: ['note', 'details', 'detail'] },
  },
  // A savings circle already running: one row per hand, in payout order.
  circle: {
    position: { en: 'Position', fr: 'Position', also: ['order', 'ordre', 'rang', 'round', 'tour'] },
    member: { en: 'Member email', fr: 'E-mail du membre', also: ['member', 'membre', 'email', 'e mail', 'courriel'] },
    roundsPaid: { en: 'Rounds paid', fr: 'Tours payés', also: ['paid', 'payes', 'contributions', 'cotisations versees'] },
    received: { en: 'Received', fr: 'A reçu', also: ['received the pot', 'a recu la cagnotte', 'recu', 'beneficiaire'] },
    amountPaid: { en: 'Amount paid', fr: 'Montant versé', also: ['total paid', 'total verse', 'montant'] },
  },
} as const;
export type ColumnOf<K extends ImportKind> = keyof (typeof IMPORT_COLUMNS)[K];

/** Columns that must be present (a file without them is refused whole, naming them). */
export const REQUIRED_COLUMNS: { [K in ImportKind]: ColumnOf<K>[] } = {
  members: ['name'],
  ledger: ['date', 'amount', 'kind'],
  circle: ['position', 'member', 'roundsPaid'],
};

/** Maps each header cell to its column, or null when unknown. */
export function matchHeaders<K extends ImportKind>(kind: K, headers: string[]): (ColumnOf<K> | null)[] {
  const columns = IMPORT_COLUMNS[kind] as Record<string, { en: string; fr: string; also: readonly string[] }>;
  return headers.map((h) => {
    const key = headerKey(h);
    if (!key) return null;
    for (const [name, c] of Object.entries(columns)) {
      if ([c.en, c.fr, ...c.also].some((alias) => headerKey(alias) === key)) return name as ColumnOf<K>;
    }
    return null;
  });
}

/** Role words of either language. */
export function parseImportRole(text: string): 'member' | 'admin' | 'treasurer' | null {
  const k = headerKey(text);
  if (!k || k === 'member' || k === 'membre') return 'member';
  if (k === 'admin' || k === 'administrator' || k === 'administrateur' || k === 'administratrice') return 'admin';
  if (k === 'treasurer' || k === 'tresorier' || k === 'tresoriere') return 'treasurer';
  return null;
}

export const LEDGER_KINDS = ['opening', 'dues', 'donation', 'otherIncome', 'expense'] as const;
export type LedgerImportKind = (typeof LEDGER_KINDS)[number];
const KIND_WORDS: Record<string, LedgerImportKind> = {
  opening: 'opening',
  'opening balance': 'opening',
  'solde initial': 'opening',
  "solde d ouverture": 'opening',
  ouverture: 'opening',
  dues: 'dues',
  cotisation: 'dues',
  cotisations: 'dues',
  donation: 'donation',
  don: 'donation',
  dons: 'donation',
  income: 'otherIncome',
  'other income': 'otherIncome',
  recette: 'otherIncome',
  'autre recette': 'otherIncome',
  expense: 'expense',
  depense: 'expense',
};
export function parseLedgerKind(text: string): LedgerImportKind | null {
  return KIND_WORDS[headerKey(text)] ?? null;
}

/** The entry's text when the row gives none, in the language of the file. */
export const IMPORT_KIND_TEXT: Record<ImportLanguage, Record<LedgerImportKind, string>> = {
  en: { opening: 'Opening balance', dues: 'Dues', donation: 'Donation', otherIncome: 'Other income', expense: 'Expense' },
  fr: { opening: 'Solde d’ouverture', dues: 'Cotisation', donation: 'Don', otherIncome: 'Autre recette', expense: 'Dépense' },
};

/** Yes or no in either language (a blank cell is no); null for anything else. */
export function parseYesNo(text: string): boolean | null {
  const k = headerKey(text);
  if (!k || k === 'no' || k === 'non' || k === 'n' || k === '0' || k === 'false' || k === 'faux') return false;
  if (k === 'yes' || k === 'oui' || k === 'y' || k === 'o' || k === '1' || k === 'true' || k === 'vrai' || k === 'x') return true;
  return null;
}

/** A whole number of at most `max` written plainly ("3", " 3 "); null for "3,5", "1 500,50", "three". */
export function parseWholeNumber(text: string, max: number): number | null {
  const s = text.trim();
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n <= max ? n : null;
}
