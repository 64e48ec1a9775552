import { useQuery } from '@tanstack/react-query';
import { activeTopicsQuery } from './queries';

/** The community Overview's "Active discussions": topics with activity in the last 30 days. */
export function useActiveTopicCount(communityId: number): string | null {
  const q = useQuery(activeTopicsQuery(communityId));
  if (q.isPending) return null;
  if (q.isError) return '–';
  return String(q.data.active);
}
