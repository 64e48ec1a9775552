import type { AppDeps } from '../context';
import { DOMAINS } from '../domains';
import { runBackupJob } from './backups';

/*
 * Scheduled work inside the server process. Each job keeps its progress in the database, so it
 * may run any number of times (after a restart, or twice by accident) without repeating or
 * skipping a notice. The jobs are the domains' (domains/index.ts), run one after another, one tick
 * at a time; a failing job is logged, the others still run, and the next tick tries it again.
 *
 * The daily backup (jobs/backups.ts) has its own timer, so a long copy never holds up the
 * notices. Its first check comes one interval after start, not five seconds: a short-lived
 * server (tests, a quick try) writes no backup. Stopping the scheduler stops a copy under way.
 */
const EVERY_MS = 15 * 60_000;
/** How often the mail sender looks for messages to try again (failed deliveries, a restart's leftovers). */
const MAIL_EVERY_MS = 60_000;

export function startScheduler(deps: AppDeps, every = EVERY_MS): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const domain of DOMAINS) {
        for (const [name, job] of Object.entries(domain.jobs ?? {})) {
          // Each job on its own: one that fails is logged and tried again at the next tick, and never stops the others.
          try {
            const done = await job(deps);
            if (Object.values(done).some((n) => n > 0)) deps.log.info(`${name} job`, done);
            // What the job queued (reminders) leaves now.
            void deps.outbox?.wake();
          } catch (error) {
            deps.log.error('scheduled job failed', { job: name, error: error instanceof Error ? error.stack : String(error) });
          }
        }
      }
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, every);
  first.unref();
  timer.unref();
  void deps.outbox?.wake();
  const mailTimer = setInterval(() => void deps.outbox?.wake(), MAIL_EVERY_MS);
  mailTimer.unref();

  const stopBackup = new AbortController();
  let backingUp = false;
  const backupTick = async () => {
    if (backingUp || !deps.env.BACKUP_DIR) return;
    backingUp = true;
    try {
      await runBackupJob(deps, { signal: stopBackup.signal });
    } catch (error) {
      deps.log.error('backup job failed', { error: error instanceof Error ? error.stack : String(error) });
    } finally {
      backingUp = false;
    }
  };
  const backupTimer = setInterval(backupTick, every);
  backupTimer.unref();

  return () => {
    clearTimeout(first);
    clearInterval(timer);
    clearInterval(mailTimer);
    clearInterval(backupTimer);
    stopBackup.abort();
  };
}
