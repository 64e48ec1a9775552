const DAY = 24 * 60 * 60 * 1000;

/**
 * The streak as it stands now, for every place that shows it (the counter and the sentence under
 * it must agree). The stored streak counts consecutive UTC days with a sign-in up to the last
 * one; once a whole day has passed without a sign-in it is broken, even though the stored number
 * only changes at the next sign-in.
 */
export function currentLoginStreak(streak: number, lastLoginAt: number | string | null, now: number): number {
  const last = lastLoginAt == null ? NaN : new Date(lastLoginAt).getTime();
  if (Number.isNaN(last) || streak <= 0) return 0;
  const daysSince = Math.floor(now / DAY) - Math.floor(last / DAY);
  return daysSince <= 1 ? streak : 0;
}

/** Which sentence goes with a streak: none yet, its first day, or several days in a row. */
export function streakMessage(streak: number): 'none' | 'firstDay' | 'running' {
  return streak <= 0 ? 'none' : streak === 1 ? 'firstDay' : 'running';
}
