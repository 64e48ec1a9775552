/*
 * A member's check-in code as the secretary's phone reads it: from the camera (the QR holds the
 * code, or a link ending with it) or typed by hand. Crockford's base32 forgives what people
 * mistype: case, spaces and dashes, O for 0, I and L for 1.
 */
export function normalCode(text: string): string {
  // A link (the QR of another app, a printed card) ends with the code; anything else is the code itself.
  const code = text.includes('/') ? (text.trim().split(/[/?=#]+/).filter(Boolean).pop() ?? '') : text;
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** The roster entry whose code this is (the cached roster: works offline). */
export function memberByCode<M extends { code: string }>(roster: readonly M[], text: string): M | undefined {
  const code = normalCode(text);
  if (!code) return undefined;
  return roster.find((m) => normalCode(m.code) === code);
}
