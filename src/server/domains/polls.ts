import { runPollsJob } from '../jobs/polls';
import { polls } from '../operations/polls';
import { pollRoutes } from '../rest/polls';
import { nominationNeeds, pollVoteNeeds } from '../services/polls/needs';
import { defineDomain } from './domain';

const KEPT = { kept: 'a poll’s result must stay checkable (its hash covers the ballots)' } as const;

/** Polls and elections: ballots, nominations, results, closing on time. */
export const pollsDomain = defineDomain({
  name: 'polls',
  operations: { polls },
  rest: pollRoutes,
  jobs: { polls: (deps) => runPollsJob(deps) },
  noticeKinds: {
    'notifications.pollNew': 'polls',
    'notifications.electionNew': 'polls',
    'notifications.electionVoting': 'polls',
    'notifications.pollClosed': 'polls',
    'notifications.pollNomination': 'needs',
  },
  needs: [nominationNeeds, pollVoteNeeds],
  personalData: {
    polls: { export: { not: 'the community’s polls' }, erase: KEPT },
    poll_options: { export: { not: 'an election’s candidates' }, erase: KEPT },
    poll_nominations: { export: { not: 'an election’s history' }, erase: KEPT },
    poll_voters: { export: { not: 'who voted, kept for the count' }, erase: KEPT },
  },
});
