import { describe, expect, it } from 'vitest';
import { nextLoginStreak } from '../../src/server/services/auth';
import { currentLoginStreak, streakMessage } from '../../src/shared/login-streak';

const DAY = 86_400_000;
const noon = (day: number) => day * DAY + DAY / 2;

describe('the login streak shown on the dashboard', () => {
  it('is the stored streak today and tomorrow, and broken once a whole day passes without a sign-in', () => {
    expect(currentLoginStreak(3, noon(100), noon(100))).toBe(3);
    expect(currentLoginStreak(3, noon(100), noon(101) + DAY / 3)).toBe(3);
    expect(currentLoginStreak(3, noon(100), noon(102))).toBe(0);
    expect(currentLoginStreak(0, noon(100), noon(100))).toBe(0);
    expect(currentLoginStreak(5, null, noon(100))).toBe(0);
    // The signed-in user reaches the client with dates as ISO strings.
    expect(currentLoginStreak(2, new Date(noon(100)).toISOString(), noon(101))).toBe(2);
  });

  it('picks a sentence that agrees with the number beside it', () => {
    expect(streakMessage(0)).toBe('none');
    expect(streakMessage(1)).toBe('firstDay');
    expect(streakMessage(2)).toBe('running');
    // A first sign-in makes a one-day streak, and the dashboard then says the streak starts today.
    const first = nextLoginStreak(null, 0, noon(100));
    expect(streakMessage(currentLoginStreak(first, noon(100), noon(100)))).toBe('firstDay');
    // Signing in the next day makes two in a row.
    expect(streakMessage(currentLoginStreak(nextLoginStreak(noon(100), first, noon(101)), noon(101), noon(101)))).toBe('running');
  });
});
