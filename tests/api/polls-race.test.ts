import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pollBallots, polls, pollVoters } from '../../db/schema';
import type { PollResult } from '../../src/shared/polls/tally';
import { transportsFor, TRPC } from '../setup/transport';
import { newPoll, P, pollWorld } from '../setup/polls';

/*
 * A vote arriving as the poll closes: sent at the same time as the close (by hand) and as each
 * other, it is either counted in the stored result or refused with 409, and never half-stored
 * (a voter without a ballot, a ballot left out of the result).
 */

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: vote against close`, () => {
    it('each vote racing the close is counted or refused with 409, never half-stored', async () => {
      const { t, agents, community } = await pollWorld();
      const outcomes = new Set<number>();
      for (let round = 0; round < 6; round += 1) {
        const poll = (await T.call(agents.host, P.create, newPoll(t.clock.now(), community.id, { anonymous: round % 2 === 1 }))).data;
        const choice = { id: poll.id, choices: [poll.options[round % 3].id] };
        // The close goes first, in the middle or last among the votes.
        const votes = [agents.amara, agents.bih, agents.treasurer].map((a) => () => T.call(a, P.vote, choice));
        const close = () => agents.host.mutate('polls.close', { id: poll.id });
        const calls: (() => Promise<{ status: number }>)[] = [...votes];
        calls.splice(round % 4, 0, close);
        const answers = await Promise.all(calls.map((c) => c()));
        const closeAnswer = answers[round % 4]!;
        expect(closeAnswer.status).toBe(200);
        const voteAnswers = answers.filter((_, i) => i !== round % 4);
        for (const a of voteAnswers) {
          expect([200, 409]).toContain(a.status);
          outcomes.add(a.status);
        }
        const counted = voteAnswers.filter((a) => a.status === 200).length;
        const row = t.db.select().from(polls).where(eq(polls.id, poll.id)).get()!;
        const result = JSON.parse(row.result!) as PollResult;
        expect(result.ballots).toBe(counted);
        expect(t.db.select().from(pollBallots).where(eq(pollBallots.pollId, poll.id)).all()).toHaveLength(counted);
        const voters = t.db.select().from(pollVoters).where(eq(pollVoters.pollId, poll.id)).all();
        expect(voters).toHaveLength(counted);
      }
      // Which outcome a vote gets depends on the order the requests reach the database (over tRPC
      // both happen across the rounds); what matters is that each is whole.
      expect(outcomes.size).toBeGreaterThan(0);
    });
  });
}
