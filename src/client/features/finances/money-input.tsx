import { Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { z } from 'zod';
import { CURRENCIES, MAX_AMOUNT, parseAmount, type Currency } from '@shared/money';

/**
 * What a person types as an amount, checked and turned into integer minor units with parseAmount
 * (never a float). Its messages are catalogue keys, as the server's schemas' are.
 */
export const amountText = (currency: Currency) =>
  z
    .string()
    .trim()
    .min(1, 'validation.finance.amount')
    .transform((text, ctx) => {
      const amount = parseAmount(text, currency);
      if (amount === null) {
        ctx.addIssue({ code: 'custom', message: CURRENCIES[currency] === 0 ? 'finances.money.invalidWhole' : 'finances.money.invalidDecimal' });
        return z.NEVER;
      }
      return amount;
    })
    .pipe(z.number().int('validation.finance.amountWhole').positive('validation.finance.amountPositive').max(MAX_AMOUNT, 'validation.finance.amountLarge'));

/** An amount optional in its form (empty: none). */
export const optionalAmountText = (currency: Currency) =>
  z.string().transform((text, ctx) => {
    if (!text.trim()) return null;
    const checked = amountText(currency).safeParse(text);
    if (checked.success) return checked.data;
    ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
    return z.NEVER;
  });

/** A text field for an amount in the community's currency, its code beside it. */
export function MoneyInput({ currency, ...props }: InputProps & { currency: Currency }) {
  return (
    <InputGroup endAddon={currency}>
      <Input inputMode={CURRENCIES[currency] === 0 ? 'numeric' : 'decimal'} autoComplete="off" {...props} />
    </InputGroup>
  );
}
