/*
 * The catalogue keys of a set of codes whose words are named after them (a status, a method, a
 * kind), built from the codes instead of written out one by one. The types carry each key as it
 * is, so `satisfies Record<Code, MessageKey>` still refuses a code without its words.
 */

/** 'mobile_money' → 'mobileMoney'. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

const camel = (code: string) => code.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** `codeKeys('finances.method', ['cash', 'mobile_money'])` is `{ cash: 'finances.method.cash', mobile_money: 'finances.method.mobileMoney' }`. */
export function codeKeys<const P extends string, const C extends string>(prefix: P, codes: readonly C[]): { readonly [K in C]: `${P}.${Camel<K>}` } {
  return Object.fromEntries(codes.map((c) => [c, `${prefix}.${camel(c)}`])) as { [K in C]: `${P}.${Camel<K>}` };
}

/** `stemKeys('finances.ledger.kind', ['payment', 'named_ledger'])` is `{ payment: 'finances.ledger.kindPayment', named_ledger: 'finances.ledger.kindNamedLedger' }`. */
export function stemKeys<const P extends string, const C extends string>(stem: P, codes: readonly C[]): { readonly [K in C]: `${P}${Capitalize<Camel<K>>}` } {
  return Object.fromEntries(codes.map((c) => [c, `${stem}${camel(c).replace(/^./, (f) => f.toUpperCase())}`])) as { [K in C]: `${P}${Capitalize<Camel<K>>}` };
}
