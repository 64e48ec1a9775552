/**
 * French (by CLDR) calls round millions and more "many" ("1 000 000 de membres"), a form our
 * texts do not need: where a catalogue has `key_other` and no `key_many`, the "other" text serves.
 * i18next would otherwise show the bare key for such counts.
 */
export function withPluralFallbacks<T extends object>(catalogue: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    out[key] = typeof value === 'object' && value !== null ? withPluralFallbacks(value) : value;
    if (key.endsWith('_other')) {
      const many = `${key.slice(0, -'_other'.length)}_many`;
      if (!(many in catalogue)) out[many] = value;
    }
  }
  return out as T;
}
