import { useTranslation } from 'react-i18next';
import { useCursorList } from '../../lib/use-cursor-list';
import { communityPollsQuery } from './queries';

/**
 * The community Overview's "Active polls": how many are open or taking nominations, from the
 * first page of each ("20+" when there are more). The same queries as the Discussions tab's list,
 * so opening the tab shows them at once.
 */
export function useActivePollCount(communityId: number): string | null {
  const { t } = useTranslation();
  const open = useCursorList(communityPollsQuery(communityId, 'open'));
  const nominating = useCursorList(communityPollsQuery(communityId, 'nominating'));
  if (open.query.isPending || nominating.query.isPending) return null;
  if (open.query.isError || nominating.query.isError) return '–';
  const n = (open.query.data?.pages[0]?.items.length ?? 0) + (nominating.query.data?.pages[0]?.items.length ?? 0);
  const more = open.query.hasNextPage || nominating.query.hasNextPage;
  return more ? t('polls.section.activeCount', { n }) : String(n);
}
