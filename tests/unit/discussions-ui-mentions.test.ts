import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt, mentionsToMarkdown } from '../../src/client/features/discussions/mentions';
import { mentionToken } from '../../src/shared/discussions/rules';
import { parseMarkdown } from '../../src/shared/markdown';

describe('the composer’s @mention being typed', () => {
  it('is found at the caret after the start, a space or an opening bracket', () => {
    expect(mentionAt('@', 1)).toEqual({ start: 0, prefix: '' });
    expect(mentionAt('Hello @Ta', 9)).toEqual({ start: 6, prefix: 'Ta' });
    expect(mentionAt('Thanks (@Amé', 12)).toEqual({ start: 8, prefix: 'Amé' });
    expect(mentionAt('Hi\n@tabe', 8)).toEqual({ start: 3, prefix: 'tabe' });
  });

  it('allows one inner space, for a full name', () => {
    expect(mentionAt('cc @Tabe N', 10)).toEqual({ start: 3, prefix: 'Tabe N' });
    expect(mentionAt('cc @Tabe Ndip is here', 21)).toBeNull();
  });

  it('is not an e-mail address, nor text after the caret, nor a finished token', () => {
    expect(mentionAt('mail amara@example.org', 22)).toBeNull();
    expect(mentionAt('Hello @Ta', 5)).toBeNull();
    expect(mentionAt(`${mentionToken('Tabe Ndip', 'u1')} `, 19)).toBeNull();
    expect(mentionAt('no mention', 10)).toBeNull();
  });
});

describe('choosing a member', () => {
  it('replaces what was typed by the token and a space, and puts the caret after them', () => {
    const token = mentionToken('Tabe Ndip', 'u_42');
    const r = insertMention('Hello @Ta', 6, 9, token);
    expect(r.text).toBe(`Hello ${token} `);
    expect(r.caret).toBe(r.text.length);
  });

  it('keeps the text after the caret and does not double a following space', () => {
    const token = mentionToken('Amara Nwosu', 'u1');
    const r = insertMention('Ask @am about it', 4, 7, token);
    expect(r.text).toBe(`Ask ${token} about it`);
    expect(r.text.slice(r.caret)).toBe(' about it');
    const end = insertMention('Ask @am, please', 4, 7, token);
    expect(end.text).toBe(`Ask ${token} , please`);
  });
});

describe('mentions in rendered bodies', () => {
  it('show as bold @Name, never as the raw token or a link', () => {
    const md = mentionsToMarkdown(`Welcome ${mentionToken('Tabe Ndip', 'u1')} and ${mentionToken('Bih Fon', 'u2')}!`);
    expect(md).toBe('Welcome **@Tabe Ndip** and **@Bih Fon**!');
    const inline = (parseMarkdown(md)[0] as { lines: unknown[][] }).lines[0];
    expect(inline).toEqual([
      { type: 'text', text: 'Welcome ' },
      { type: 'strong', children: [{ type: 'text', text: '@Tabe Ndip' }] },
      { type: 'text', text: ' and ' },
      { type: 'strong', children: [{ type: 'text', text: '@Bih Fon' }] },
      { type: 'text', text: '!' },
    ]);
  });

  it('drop Markdown markers from a name so it stays plain text', () => {
    expect(mentionsToMarkdown('@[A*b_c(d)](u1)')).toBe('**@Abcd**');
  });

  it('leave other text, and things that only look like tokens, alone', () => {
    expect(mentionsToMarkdown('Email **me** at a@b.org; @[bad name](not valid!)')).toBe('Email **me** at a@b.org; @[bad name](not valid!)');
  });
});
