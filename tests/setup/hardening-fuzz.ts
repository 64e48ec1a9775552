import fc from 'fast-check';

/*
 * Generated hostile input for the fuzz test: values, objects, bodies in every content type, and
 * path segments. Kept free of the words the leak checks look for (SQL keywords, "sqlite",
 * stack-frame indentation, file paths), so a response that echoes input back is not mistaken
 * for a leak.
 */

const KB = 1024;
/** Built once: generating 100 KB strings per run would cost more than the requests. */
export const HUGE_STRINGS = ['x'.repeat(100 * KB), '🙂'.repeat(25 * KB), 'مرحبا'.repeat(20 * KB), `${'a'.repeat(100 * KB - 8)}@evil.org`];

export const NASTY_STRINGS = [
  '',
  ' ',
  '   \t\n',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '-99999999999999999999',
  '1e308',
  'NaN',
  'Infinity',
  '0x10',
  ' 1 ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../x',
  '../../../etc/passwd',
  '..%2f..%2fx',
  '%00',
  '\u0000',
  'a\u0000b',
  'amara\u0000@example.org',
  '🙂🎉👩‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا بالعالم',
  '\uFEFFbom',
  '\uD800',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗͕',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'a@b',
  'not-an-email',
  'UPPER@EXAMPLE.ORG',
  '#ff00zz',
  '/uploads/../../secret.webp',
  'javascript:alert(1)',
  '\r\nSet-Cookie: x=1',
  'superadmin',
  'admin',
  'creator',
];

export const NASTY_NUMBERS = [
  -1,
  0,
  1,
  2,
  -0,
  0.5,
  -99999999999999999999,
  99999999999999999999,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Field names the procedures read, and some they must never honour. */
export const FIELDS = [
  'id',
  'communityId',
  'userId',
  'requestId',
  'categoryId',
  'token',
  'email',
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'firstName',
  'lastName',
  'name',
  'description',
  'title',
  'content',
  'location',
  'bio',
  'birthday',
  'phoneNumber',
  'profileImage',
  'profileImageUrl',
  'imageUrl',
  'socialMedia',
  'tShirtSize',
  'username',
  'color',
  'isPinned',
  'isPublished',
  'isPublic',
  'hidden',
  'approve',
  'role',
  'cursor',
  'limit',
  'search',
  'minPasswordLength',
  'requireEmailVerification',
  'sessionTimeoutMinutes',
  'defaultCommunityPrivacy',
  'authorId',
  'creatorId',
  'memberCount',
  'isAdmin',
  'roundId',
  'handId',
  'fromHandId',
  'toHandId',
  'discount',
  'hands',
  'position',
  'reason',
  'method',
  'order',
  'startDate',
  'timeZone',
  '__proto__',
  'constructor',
];

export function valueArb(seeded: unknown[]): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...seeded) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 3 }) },
    ),
  }));
  return value;
}

/** A procedure's input: mostly objects of known fields with hostile values, sometimes anything at all. */
export function inputArb(seeded: unknown[]): fc.Arbitrary<unknown> {
  const v = valueArb(seeded);
  const key = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
  // Just the ids that name a seeded row: reaches the code behind "not found" with nothing else to go on.
  const idsOnly = fc.dictionary(
    fc.constantFrom('id', 'communityId', 'userId', 'requestId'),
    fc.constantFrom(...seeded.filter((x) => typeof x === 'number' || /^[0-9a-f-]{36}$/.test(String(x)))),
    { minKeys: 1, maxKeys: 2 },
  );
  // Often the ids of a seeded row plus hostile fields, so validation of the other fields and the
  // code behind it are reached, not only "not found".
  const object = fc
    .tuple(fc.option(idsOnly, { freq: 2 }), fc.dictionary(key, v, { maxKeys: 5 }))
    .map(([ids, rest]) => Object.assign(Object.create(null) as object, ids ?? {}, rest));
  return fc.oneof(
    { weight: 7, arbitrary: object },
    { weight: 1, arbitrary: idsOnly },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: v },
    { weight: 1, arbitrary: fc.array(v, { maxLength: 4 }) },
  );
}

export const BROKEN_JSON = [
  '{',
  '{"email": ',
  '[1, 2',
  "{'email': 'a@b.org'}",
  '{"a":1}}',
  '{"a":1,}',
  'NaN',
  'undefined',
  '"\\u00zz"',
  '\u0000',
  '\uFEFF{"email":"a@b.org"}',
  '{"id": 01}',
  '{"id": 1e99999}',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  'email=a%40b.org&password=x',
  '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.org\r\n--x--',
];

export type Encoding = 'json' | 'json-no-type' | 'text' | 'json-utf16' | 'xml' | 'urlencoded' | 'multipart' | 'multipart-file' | 'broken' | 'empty';
export const ENCODINGS: Encoding[] = [
  'json',
  'json',
  'json',
  'json-no-type',
  'text',
  'json-utf16',
  'xml',
  'urlencoded',
  'multipart',
  'multipart-file',
  'broken',
  'broken',
  'empty',
];

/** Bytes posing as an upload: a PNG signature with nothing behind it, an SVG, random junk. */
export const FILE_BYTES = [
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
  new Uint8Array(0),
  new Uint8Array(70 * 1024).fill(0x41),
];

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Form fields from an input: objects become key/value pairs, anything else one `input` field. */
function fields(input: unknown): [string, string][] {
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    return Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']);
  }
  return [['input', typeof input === 'string' ? input : (JSON.stringify(input) ?? '')]];
}

/** The request body and headers for an input sent in the given encoding. */
export function encodeBody(input: unknown, encoding: Encoding, broken: string, file?: Uint8Array): { body?: BodyInit; headers: Record<string, string>; text: string } {
  const json = input === undefined ? '' : JSON.stringify(input);
  switch (encoding) {
    case 'json':
      return { body: json, headers: { 'content-type': 'application/json' }, text: json };
    case 'json-no-type':
      // Bytes, not a string: a string body would get text/plain from the Request constructor.
      return { body: utf8(json), headers: {}, text: json };
    case 'text':
      return { body: json, headers: { 'content-type': 'text/plain' }, text: json };
    case 'json-utf16':
      return { body: json, headers: { 'content-type': 'application/json; charset=utf-16' }, text: json };
    case 'xml':
      return { body: json, headers: { 'content-type': 'application/xml' }, text: json };
    case 'urlencoded': {
      const form = new URLSearchParams(fields(input));
      return { body: form, headers: {}, text: form.toString() };
    }
    case 'multipart':
    case 'multipart-file': {
      const form = new FormData();
      for (const [k, v] of fields(input)) form.append(k, v);
      if (encoding === 'multipart-file') form.append('file', new Blob([(file ?? FILE_BYTES[0]!) as Uint8Array<ArrayBuffer>], { type: 'image/png' }), '../../x.png');
      return { body: form, headers: {}, text: JSON.stringify(fields(input)) };
    }
    case 'broken':
      return { body: broken, headers: { 'content-type': 'application/json' }, text: broken };
    case 'empty':
      return { headers: { 'content-type': 'application/json' }, text: '' };
  }
}

/** A path segment: hostile values, sent raw (the URL parser normalises '../') or percent-encoded. */
export function segmentArb(seeded: unknown[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('-1', '0', '1', '99999999999999999999', '1e3', '0x1', '1.5', 'NaN', '../x', '..', '.', '%00', '%zz', '%', 'ü🙂', 'שלום', '\u0000', ' ', 'null') },
    { weight: 2, arbitrary: fc.constantFrom(...seeded.map(String)) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(100 * KB), '9'.repeat(5000)) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
  return fc.tuple(value, fc.boolean()).map(([v, raw]) => (raw && !/[\u0000-\u001f#?/\\]/.test(v) ? v : safeEncode(v)));
}

/** encodeURIComponent, which throws on a lone surrogate: that one goes as U+FFFD. */
export function safeEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

export const QUERY_KEYS = ['limit', 'cursor', 'search', 'location', 'communityId', 'id', 'token', 'page', 'input', 'batch'];

export function queryArb(seeded: unknown[]): fc.Arbitrary<string> {
  const v = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS),
    fc.constantFrom(...seeded.map(String)),
    fc.constantFrom(...NASTY_NUMBERS.map(String)),
    fc.constantFrom(...HUGE_STRINGS),
    fc.string({ maxLength: 20 }),
  );
  const key = fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 }));
  return fc.array(fc.tuple(key, v), { maxLength: 4 }).map((pairs) => pairs.map(([k, x]) => `${safeEncode(k)}=${safeEncode(x)}`).join('&'));
}
