import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unreadTotalQuery } from './queries';

/**
 * The rail's chat badge: the unread total, kept live by the chat connection. The shell imports
 * only this; the connection's code loads after the first paint.
 */
export function useChatUnread(viewerId: string): number {
  const queryClient = useQueryClient();
  useEffect(() => {
    let release: (() => void) | undefined;
    let cancelled = false;
    void import('./socket').then((m) => {
      if (!cancelled) release = m.startChatSocket(queryClient, viewerId);
    });
    return () => {
      cancelled = true;
      release?.();
    };
  }, [queryClient, viewerId]);
  const q = useQuery(unreadTotalQuery());
  return q.data?.count ?? 0;
}
