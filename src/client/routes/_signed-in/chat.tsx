import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../../features/chat/chat-page';
import { conversationsQuery } from '../../features/chat/list-query';
import { loadQuery } from '../../lib/route-data';

/**
 * /chat: the conversation list; ?c=<id> opens a conversation (links and the back button follow
 * it). The loader fetches only the list: this file is part of every page's first bundle, so the
 * history's paging code stays with the page.
 */
export const Route = createFileRoute('/_signed-in/chat')({
  // ?reports=1 (the report notice's link) opens the leaders' list of reported messages.
  validateSearch: (s: Record<string, unknown>): { c?: number; reports?: boolean } => {
    const c = Number(s.c);
    return { c: Number.isSafeInteger(c) && c > 0 ? c : undefined, reports: s.reports === 1 || s.reports === '1' || s.reports === true ? true : undefined };
  },
  loader: ({ context: { queryClient } }) => loadQuery(queryClient, conversationsQuery()),
  component: ChatRoute,
});

function ChatRoute() {
  const { c } = Route.useSearch();
  return <ChatPage openId={c ?? null} />;
}
