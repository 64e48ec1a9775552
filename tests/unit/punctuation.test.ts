import { describe, expect, it } from 'vitest';
import { tidyPunctuation } from '../../src/shared/punctuation';

describe('tidyPunctuation: no double punctuation where a value ends a sentence', () => {
  it.each([
    ['Voting has opened for Where shall we meet?.', 'Voting has opened for Where shall we meet?'],
    ['Le vote est ouvert pour Où nous réunir ?.', 'Le vote est ouvert pour Où nous réunir ?'],
    ['Bring drums!. See you', 'Bring drums! See you'],
    ['Ends with etc.. Then more', 'Ends with etc. Then more'],
    ['Wait… .', 'Wait…'],
    ['Welcome, Ama!!', 'Welcome, Ama!'],
    ['Bienvenue dans Tous ensemble ! ! Vous', 'Bienvenue dans Tous ensemble ! Vous'],
    ['Receipt number 12.', 'Receipt number 12.'],
    ['Amount 1.500,00 is due.', 'Amount 1.500,00 is due.'],
  ])('%s', (text, tidy) => expect(tidyPunctuation(text)).toBe(tidy));
});
