import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCursorList } from '../../lib/use-cursor-list';
import { memberSettingsQuery } from '../communities/queries';

/**
 * The community's members, for the officers' screens: payments and expenses name a member by id,
 * and "Record cash" picks one. A hundred at a time (the list's "load more" brings the rest).
 */
export function useMembers(communityId: number) {
  const { t } = useTranslation();
  const { query, items } = useCursorList(memberSettingsQuery(communityId));
  const names = useMemo(() => new Map(items.map((m) => [m.userId, `${m.user.firstName} ${m.user.lastName}`.trim()])), [items]);
  return { query, members: items, nameOf: (userId: string) => names.get(userId) ?? t('finances.unknownMember') };
}
