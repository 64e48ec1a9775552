import { useCursorList } from '../../lib/use-cursor-list';
import { memberSettingsQuery } from '../communities/queries';

/**
 * The community's members, for the forms that pick some: "Record cash" and a dues plan's chosen
 * members. A hundred at a time (the form's "load more" brings the rest). Lists name their people
 * themselves (payments their member, expenses their author), so nothing looks names up here.
 */
export function useMembers(communityId: number) {
  const { query, items } = useCursorList(memberSettingsQuery(communityId));
  return { query, members: items };
}

export type Members = ReturnType<typeof useMembers>;

/** A member's name as the pickers show it. */
export const memberName = (m: Members['members'][number]) => `${m.user.firstName} ${m.user.lastName}`.trim();
