/**
 * Terms of Service: 16 sections and a contact section, in plain words: accounts, content,
 * communications, privacy, payments, refunds, liability. The words are in the catalogue
 * (terms.sections.<id>.title / .body); this is their order.
 */
export const TERMS_SECTIONS = [
  'provider',
  'account',
  'eligibility',
  'communities',
  'content',
  'acceptableUse',
  'communications',
  'analytics',
  'privacy',
  'payments',
  'fees',
  'refunds',
  'availability',
  'ending',
  'liability',
  'changes',
] as const;

export type TermsSection = (typeof TERMS_SECTIONS)[number];
