import { describe, expect, it } from 'vitest';
import { drawnText, runsOf } from '../../src/server/pdf/unicode-text';

/*
 * The text of the app's PDFs: every character drawn by the first Noto Sans subset that has it,
 * what none has replaced by U+FFFD once per character a reader sees, never an error.
 */
describe('PDF text in the embedded Unicode font', () => {
  it('draws the letters of African alphabets and currency signs, each with a subset that has it', () => {
    expect(drawnText('Ŋgɔnɛ Ɓɛ́ɗa Ɔkafɔr — 5 000 ₦, ₵ 20, 12 €')).toBe('Ŋgɔnɛ Ɓɛ́ɗa Ɔkafɔr — 5 000 ₦, ₵ 20, 12 €');
    const runs = runsOf('Awa Ŋ', 400);
    expect(runs.map((r) => r.text)).toEqual(['Awa ', 'Ŋ']);
    expect(runs[0]!.subset).not.toBe(runs[1]!.subset);
  });

  it('replaces what it cannot draw, one replacement per character as read: an emoji, a family of emoji, another script', () => {
    expect(drawnText('Amara 🌍')).toBe('Amara \uFFFD');
    expect(drawnText('👨‍👩‍👧 family')).toBe('\uFFFD family');
    expect(drawnText('Kemi ❤️')).toBe('Kemi \uFFFD');
    expect(drawnText('ሰላም Selam')).toBe('\uFFFD\uFFFD\uFFFD Selam');
  });

  it('composes decomposed accents and keeps French typography drawable', () => {
    expect(drawnText('Ame\u0301lie')).toBe('Amélie');
    // Intl's narrow no-break space (French numbers) is not in Noto Sans: a no-break space stands in.
    expect(drawnText('5\u202f000\u00a0FCFA')).toBe('5\u00a0000\u00a0FCFA');
    expect(drawnText('Reçu n° 4 : « payé »')).toBe('Reçu n° 4 : « payé »');
  });

  it('bold has the same coverage', () => {
    expect(drawnText('Ŋgɔnɛ 🌍', 700)).toBe('Ŋgɔnɛ \uFFFD');
  });
});
