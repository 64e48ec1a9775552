import { describe, expect, it } from 'vitest';
import { parseSms, SMS_PATTERNS, SMS_PROVIDERS } from '../../src/shared/payments/sms';
import { SMS_SAMPLES } from '../fixtures/sms-samples';

describe('mobile-money confirmation texts', () => {
  it.each(SMS_SAMPLES.map((s) => [`${s.provider} ${s.language} ${s.direction} ${s.transactionId}`, s] as const))('reads %s', (_, s) => {
    const { text, ...expected } = s;
    expect(parseSms(text)).toEqual({ ...expected, currencyText: expect.any(String) });
  });

  it('each sample is read by exactly one wording, so no two wordings can disagree about a text', () => {
    for (const s of SMS_SAMPLES) expect(SMS_PATTERNS.filter((p) => p.regex.test(s.text)).map((p) => p.regex.source), s.text).toHaveLength(1);
  });

  it('has at least three samples per provider and language, and every wording is exercised by one', () => {
    for (const provider of SMS_PROVIDERS)
      for (const language of ['en', 'fr'] as const) expect(SMS_SAMPLES.filter((s) => s.provider === provider && s.language === language).length, `${provider} ${language}`).toBeGreaterThanOrEqual(3);
    for (const p of SMS_PATTERNS) expect(SMS_SAMPLES.some((s) => p.regex.test(s.text)), p.regex.source).toBe(true);
  });

  it('reads a text pasted with its line breaks, extra spaces or the next message glued after it', () => {
    const s = SMS_SAMPLES[0]!;
    expect(parseSms(s.text.replace(/\. /g, '.\r\n').replace(/ to /, '   to '))?.transactionId).toBe(s.transactionId);
    expect(parseSms(`${s.text}\n\nY'ello! Dial *126# for more.`)?.amount).toBe(s.amount);
  });

  it('answers null for what it does not know, so the member fills the declaration by hand', () => {
    // The last one lacks its transaction id: without it a text proves nothing.
    for (const text of ['', 'Paid 5000 to the treasurer yesterday', 'Vous avez envoyé 5000 FCFA à la trésorière.', 'You have sent 25,000 FCFA to JEAN on 2024-03-12 14:05:11. Your new balance: 120,500 FCFA.'])
      expect(parseSms(text)).toBeNull();
  });

  it('refuses days and times that do not exist rather than guessing', () => {
    const s = SMS_SAMPLES.find((x) => x.provider === 'mpesa' && x.language === 'en')!;
    const parsed = parseSms(s.text.replace('12/3/24', '31/2/24').replace('2:05 PM', '13:05 PM'));
    expect(parsed?.date).toBeNull();
    expect(parsed?.time).toBeNull();
  });
});
