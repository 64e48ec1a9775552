/**
 * For a card section that holds cards of its own (communities, events): on a phone a frame around
 * them would be a card in a card, costing width, so there the section has no border, background
 * or inner padding; from the tablet width up it is an ordinary card. Spread onto Card.Root,
 * Card.Header and Card.Body.
 */
export const FLAT_ON_PHONE = {
  root: { borderWidth: { base: '0', md: '1px' }, bg: { base: 'transparent', md: 'bg.panel' } },
  header: { px: { base: '0', md: '6' }, pt: { base: '0', md: '6' } },
  body: { px: { base: '0', md: '6' }, pt: { base: '3', md: '6' }, pb: { base: '0', md: '6' } },
} as const;
