import { describe, expect, it } from 'vitest';
import { MAX_MENTIONS, mentionedIds, mentionsAsText, mentionToken } from '../../src/shared/discussions/rules';

describe('discussions: reading mentions from a post', () => {
  const id = (n: number) => `0b7c1e2a-3f4d-4a5b-9c6d-${String(n).padStart(12, '0')}`;
  it('finds each `@[Name](userId)` once, in order, ignoring look-alikes', () => {
    const text = `Hi @[Bih Ndip](${id(1)}) and @[Amara](${id(2)})! Again @[Bih](${id(1)}). Not [Bih](${id(3)}), not @Bih, not @[](${id(4)}), not @[X](bad id).`;
    expect(mentionedIds(text)).toEqual([id(1), id(2)]);
  });
  it('reads at most MAX_MENTIONS ids', () => {
    const text = Array.from({ length: MAX_MENTIONS + 5 }, (_, i) => `@[M${i}](${id(i)})`).join(' ');
    expect(mentionedIds(text)).toHaveLength(MAX_MENTIONS);
  });
  it('writes a token the parser reads back, whatever the name holds', () => {
    const token = mentionToken('Bih ]Ndip\n', id(7));
    expect(token).toBe(`@[Bih  Ndip](${id(7)})`);
    expect(mentionedIds(`hello ${token}`)).toEqual([id(7)]);
  });
  it('shows mentions as @Name in plain text', () => {
    expect(mentionsAsText(`Thanks @[Bih Ndip](${id(1)}), see [the hall](https://example.org).`)).toBe('Thanks @Bih Ndip, see [the hall](https://example.org).');
  });
});
