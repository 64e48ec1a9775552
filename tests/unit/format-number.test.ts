import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/client/lib/format';

/*
 * formatNumber skips Intl for whole numbers in English and French (building the first formatter is
 * slow on a phone): the result must stay exactly what the formatter writes.
 */
const intl = (n: number, locale: string) => new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 }).format(n);

describe('formatNumber', () => {
  for (const locale of ['en-US', 'fr-FR']) {
    it(`writes whole numbers as Intl does in ${locale}`, () => {
      fc.assert(fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER)), (n) => formatNumber(n, { locale }) === intl(n, locale)));
    });
    it(`still formats fractions and huge numbers through Intl in ${locale}`, () => {
      for (const n of [2.5, -1234.567, 0.1, 1e21, 2 ** 60]) expect(formatNumber(n, { locale })).toBe(intl(n, locale));
    });
  }
});
