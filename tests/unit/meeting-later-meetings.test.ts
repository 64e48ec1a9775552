import { describe, expect, it } from 'vitest';
import { laterMeetingsOf } from '../../src/client/features/meetings/later-meetings';

/*
 * The minutes panel offers the meetings after this one for the approving vote, read from the
 * community's meetings list: upcoming and past lists (or one array), each meeting once, soonest first.
 */
describe('the meetings that can approve the minutes', () => {
  const march = { id: 7, title: 'March', startsAt: 1_000 };
  const april = { id: 8, title: 'April', startsAt: 2_000 };
  const may = { id: 9, title: 'May', startsAt: 3_000 };
  const february = { id: 6, title: 'February', startsAt: 500 };

  it('keeps the later ones, soonest first, from upcoming and past lists', () => {
    expect(laterMeetingsOf({ upcoming: [may, march, april], past: [february] }, march)).toEqual([april, may]);
  });

  it('reads a plain array too, and each meeting once, with extra fields left out', () => {
    expect(laterMeetingsOf([{ ...april, place: 'Hall' }, april, march], march)).toEqual([april]);
  });

  it('ignores what is not a meeting', () => {
    expect(laterMeetingsOf({ upcoming: [null, { id: '8', title: 'x', startsAt: 5 }, 42], total: 3 }, march)).toEqual([]);
    expect(laterMeetingsOf('nothing', march)).toEqual([]);
  });
});
