import { describe, expect, it } from 'vitest';
import { matchHeaders, parseImportAmount, parseImportDate, parseImportRole, parseLedgerKind, parseWholeNumber, parseYesNo } from '../../src/shared/imports';

describe('parseImportAmount: amounts written the English or the French way', () => {
  it.each([
    ['1 500,50', 'USD', 150050],
    ['1,500.50', 'USD', 150050],
    ['1.500,50', 'USD', 150050],
    ['1\u202f500,50', 'EUR', 150050],
    ['1500', 'USD', 150000],
    ['1,500', 'USD', 150000],
    ['12,5', 'EUR', 1250],
    ['1 500', 'XAF', 1500],
    ['1,500,000', 'XAF', 1500000],
    ['25 000', 'XOF', 25000],
  ] as const)('%s %s → %d', (text, currency, minor) => expect(parseImportAmount(text, currency)).toBe(minor));

  it.each([
    ['1500,50', 'XAF'],
    ['-20', 'USD'],
    ['0', 'USD'],
    ['1,5,0', 'USD'],
    ['12.345,6.7', 'USD'],
    ['abc', 'USD'],
    ['', 'USD'],
    ['1.2345', 'USD'],
  ] as const)('refuses %j in %s', (text, currency) => expect(parseImportAmount(text, currency)).toBeNull());
});

describe('parseImportDate: ISO, or each language’s own order', () => {
  it.each([
    ['2024-03-15', 'en', '2024-03-15'],
    ['2024-03-15', 'fr', '2024-03-15'],
    ['15/03/2024', 'fr', '2024-03-15'],
    ['15.03.2024', 'fr', '2024-03-15'],
    ['03/15/2024', 'en', '2024-03-15'],
    ['2024-02-29', 'en', '2024-02-29'],
  ] as const)('%s (%s) → %s', (text, lang, day) => expect(parseImportDate(text, lang)).toBe(day));

  it.each([
    ['15/03/2024', 'en'],
    ['03/15/2024', 'fr'],
    ['31/02/2024', 'fr'],
    ['2023-02-29', 'en'],
    ['2024-13-01', 'fr'],
    ['March 3, 2024', 'en'],
    ['3 mars 2024', 'fr'],
    ['', 'en'],
  ] as const)('refuses %j (%s)', (text, lang) => expect(parseImportDate(text, lang)).toBeNull());
});

describe('headers, roles and kinds in either language', () => {
  it('matches the templates’ column names, accents and case aside', () => {
    expect(matchHeaders('members', ['Nom', 'E-mail', 'TELEPHONE', 'Rôle', 'Catégorie de membre', 'Date d’adhésion', 'Shoe size'])).toEqual(['name', 'email', 'phone', 'role', 'category', 'joined', null]);
    expect(matchHeaders('ledger', ['Date', 'Member email', 'Amount', 'Kind', 'Account', 'Reference', 'Description'])).toEqual(['date', 'member', 'amount', 'kind', 'account', 'reference', 'description']);
    expect(matchHeaders('circle', ['Position', 'E-mail du membre', 'Tours payés', 'A reçu', 'Montant versé'])).toEqual(['position', 'member', 'roundsPaid', 'received', 'amountPaid']);
    expect(matchHeaders('circle', ['position', 'Member Email', 'ROUNDS PAID', 'Received', 'Amount paid'])).toEqual(['position', 'member', 'roundsPaid', 'received', 'amountPaid']);
  });
  it('reads a running circle’s yes/no and whole numbers of rounds', () => {
    expect(['', 'yes', 'Oui', 'NON', 'no', 'x', 'maybe', 'peut-être'].map(parseYesNo)).toEqual([false, true, true, false, false, true, null, null]);
    expect(['0', ' 3 ', '12', '2,5', '1 500,50', '1,500.50', '-1', 'three', '61'].map((t) => parseWholeNumber(t, 60))).toEqual([0, 3, 12, null, null, null, null, null, null]);
  });
  it('reads roles and kinds', () => {
    expect(['', 'Membre', 'Trésorière', 'admin', 'chief'].map(parseImportRole)).toEqual(['member', 'member', 'treasurer', 'admin', null]);
    expect(['Solde initial', 'cotisation', 'Dues', 'Dépense', 'gift'].map(parseLedgerKind)).toEqual(['opening', 'dues', 'dues', 'expense', null]);
  });
});
