import type { AppDeps } from '../context';
import { runBackupJob } from './backups';
import { runChatDigestJob } from './chat-digest';
import { runCirclesJob } from './circles';
import { runDuesJob } from './dues';
import { runEventsJob } from './events';
import { runPollsJob } from './polls';
import { runUploadsSweep } from './uploads-sweep';

/*
 * Scheduled work inside the server process. Each job keeps its progress in the database, so it
 * may run any number of times (after a restart, or twice by accident) without repeating or
 * skipping a notice. One run at a time; a failing run is logged and the next one tries again.
 *
 * The daily backup (jobs/backups.ts) has its own timer, so a long copy never holds up the
 * notices. Its first check comes one interval after start, not five seconds: a short-lived
 * server (tests, a quick try) writes no backup. Stopping the scheduler stops a copy under way.
 */
const EVERY_MS = 15 * 60_000;

export function startScheduler(deps: AppDeps, every = EVERY_MS): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const dues = await runDuesJob(deps);
      if (dues.obligations || dues.reminders) deps.log.info('dues job', dues);
      const circles = await runCirclesJob(deps);
      if (circles.fines || circles.reminders) deps.log.info('circles job', circles);
      const events = await runEventsJob(deps);
      if (events.reminders) deps.log.info('events job', events);
      const polls = runPollsJob(deps);
      if (polls.closed) deps.log.info('polls job', polls);
      const chat = await runChatDigestJob(deps);
      if (chat.digests) deps.log.info('chat digest job', chat);
      const sweep = await runUploadsSweep(deps);
      if (sweep.removed) deps.log.info('uploads sweep', sweep);
    } catch (error) {
      deps.log.error('scheduled job failed', { error: error instanceof Error ? error.stack : String(error) });
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, every);
  first.unref();
  timer.unref();

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
    clearInterval(backupTimer);
    stopBackup.abort();
  };
}
