import { useAction } from '../../lib/use-action';
import { trpc } from '../../trpc';

/**
 * What the minutes, proxies and votes panels read of the meeting page's data (the output of
 * meetings.get): the meeting, its agenda and what the reader may do there.
 */
export type MeetingData = {
  meeting: { id: number; communityId: number; title: string; startsAt: number; endsAt: number };
  agenda: { id: number; title: string }[];
  can: { record: boolean; manage: boolean };
};

/** A change to a meeting's minutes, proxies or votes: its toast, then the meeting's queries and the polls (a vote is a poll) reloaded. */
export const useMeetingAction = () => useAction([trpc.meetings.pathKey(), trpc.polls.pathKey()]);
