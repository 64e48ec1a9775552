import { CURRENCY_CODES, type Currency } from '../../money';

/*
 * How the providers write currencies. The CFA franc is written FCFA, CFA or F by all of them and
 * is two currencies (XAF in Central Africa, XOF in West Africa) of the same value and no minor
 * unit: the text cannot tell them apart, the community's books can.
 */
const ALIASES: Record<string, Currency[]> = {
  FCFA: ['XAF', 'XOF'],
  CFA: ['XAF', 'XOF'],
  F: ['XAF', 'XOF'],
  KSH: ['KES'],
  KSHS: ['KES'],
  'GH₵': ['GHS'],
  'GH¢': ['GHS'],
  GHC: ['GHS'],
  '₦': ['NGN'],
  N: ['NGN'],
  $: ['USD'],
};

/** The community currencies a written currency can be ([] when none of ours, e.g. UGX). */
export function currenciesOf(written: string | null): Currency[] {
  if (!written) return [];
  const key = written.trim().toUpperCase().replace(/\.$/, '');
  if (ALIASES[key]) return ALIASES[key];
  return (CURRENCY_CODES as string[]).includes(key) ? [key as Currency] : [];
}
