import { describe, expect, it } from 'vitest';
import { amountInputText } from '../../src/client/lib/format';
import { fieldsFromText, providerName, ussdHref } from '../../src/client/features/collecting/links';
import { draftOf, mappingOf } from '../../src/client/features/collecting/mapping';
import { parseSms } from '../../src/shared/payments/sms';
import { SMS_SAMPLES } from '../fixtures/sms-samples';

/* The pure parts of collecting money's screens: the USSD link, the fields a read text fills, and the statement mapping the form sends. */

describe('ussdHref', () => {
  it('writes # as %23, which a tel: link would otherwise cut the code at', () => {
    expect(ussdHref('*126#')).toBe('tel:*126%23');
    expect(ussdHref('#150*1#')).toBe('tel:%23150*1%23');
    expect(new URL(ussdHref('*126*1*1#')).hash).toBe('');
  });
  it('drops spaces a manager may have typed in the code', () => {
    expect(ussdHref(' *144 # ')).toBe('tel:*144%23');
  });
});

describe('fieldsFromText', () => {
  it('fills mobile money, the provider’s name and the transaction id, and the amount in the books’ currency', () => {
    const sample = SMS_SAMPLES.find((s) => s.provider === 'mtn_momo' && s.language === 'fr')!;
    const read = parseSms(sample.text)!;
    expect(fieldsFromText(read, 'XAF', (n, c) => amountInputText(n, c, { locale: 'fr-FR' }))).toEqual({ method: 'mobile_money', provider: 'MTN MoMo', transactionId: '8765432109', amount: '25000' });
  });
  it('leaves the amount for the member to type when the text is in another currency', () => {
    expect(fieldsFromText({ provider: 'mpesa', transactionId: 'SC12AB34CD', amount: null }, 'XAF', () => 'never')).toEqual({ method: 'mobile_money', provider: 'M-Pesa', transactionId: 'SC12AB34CD' });
  });
  it('names every provider the parsers know, and keeps an unknown one as it is', () => {
    for (const s of SMS_SAMPLES) expect(providerName(s.provider)).not.toBe(s.provider);
    expect(providerName('zelle')).toBe('zelle');
  });
});

describe('statement mapping', () => {
  it('is not sent without a date and an amount or credit column', () => {
    expect(mappingOf(draftOf({ dateOrder: 'dmy', amount: 'Amount' }))).toBeNull();
    expect(mappingOf(draftOf({ dateOrder: 'dmy', date: 'Date', reference: 'Ref' }))).toBeNull();
  });
  it('sends the chosen columns only, one amount column winning over credit and debit', () => {
    expect(mappingOf(draftOf({ dateOrder: 'mdy', date: 'Date', amount: 'Amount', credit: 'Credit', debit: 'Debit', reference: 'Ref' }))).toEqual({ date: 'Date', amount: 'Amount', reference: 'Ref', dateOrder: 'mdy' });
    expect(mappingOf(draftOf({ dateOrder: 'dmy', date: 'Date', credit: 'Credit', debit: 'Debit', transactionId: 'ID' }))).toEqual({ date: 'Date', credit: 'Credit', debit: 'Debit', transactionId: 'ID', dateOrder: 'dmy' });
  });
});
