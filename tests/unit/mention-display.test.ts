import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mentionsToDisplay, mentionsToMarkup } from '../../src/client/features/discussions/mentions';

/*
 * The composer shows "@Name" and keeps `@[Name](id)` underneath: what the person reads and what
 * the server receives must map one to the other exactly.
 */

const TABE = { name: 'Tabe Ndip', id: 'u-tabe' };
const TA = { name: 'Tabe', id: 'u-ta' };

describe('mentions shown by name in the composer', () => {
  it('reads each token as @Name and lists whom it names', () => {
    expect(mentionsToDisplay('Hi @[Tabe Ndip](u-tabe), and @[Amara](u-am)!')).toEqual({
      text: 'Hi @Tabe Ndip, and @Amara!',
      mentions: [TABE, { name: 'Amara', id: 'u-am' }],
    });
  });

  it('puts the tokens back, the longest name first and only for whole names', () => {
    expect(mentionsToMarkup('@Tabe Ndip and @Tabe', [TA, TABE])).toBe('@[Tabe Ndip](u-tabe) and @[Tabe](u-ta)');
    expect(mentionsToMarkup('@Tabes is someone else', [TA])).toBe('@Tabes is someone else');
    expect(mentionsToMarkup('mail tabe@example.org', [TA])).toBe('mail tabe@example.org');
  });

  it('a chosen name typed over becomes plain text', () => {
    expect(mentionsToMarkup('Hi @Tabe Ndi', [TABE])).toBe('Hi @Tabe Ndi');
  });

  it('any text with tokens round-trips through what the person reads', () => {
    const name = fc.stringMatching(/^[A-Z][a-z]{1,8}( [A-Z][a-z]{1,8})?$/);
    const part = fc.oneof(
      fc.stringMatching(/^[a-z ,.!?]{0,12}$/),
      fc.record({ name, id: fc.stringMatching(/^[a-z0-9]{4,10}$/) }),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), (parts) => {
        // Consecutive pieces are kept apart by a space, as typing would, and each name has one member.
        const ids = new Map<string, string>();
        const markup = parts
          .map((p) => {
            if (typeof p === 'string') return p;
            if (!ids.has(p.name)) ids.set(p.name, p.id);
            return `@[${p.name}](${ids.get(p.name)})`;
          })
          .join(' ');
        const shown = mentionsToDisplay(markup);
        expect(mentionsToMarkup(shown.text, shown.mentions)).toBe(markup);
      }),
    );
  });
});
