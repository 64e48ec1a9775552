import type { AppDeps } from '../context';
import { closeDuePolls } from '../services/polls/ballots';

/*
 * The polls job, run by the scheduler: every poll (or election still taking nominations) past its
 * closing time is closed, its result stored and recorded in the audit trail, and the members
 * told. Each poll is claimed by a conditional update of its status, so a second runner (or a
 * rerun after a restart) finds it closed and does nothing. Until the job runs, a poll past its
 * closing time already refuses votes and reads as closed.
 */
export function runPollsJob(deps: Pick<AppDeps, 'db' | 'now'>, now = deps.now()): { closed: number } {
  return { closed: closeDuePolls(deps.db, now) };
}
