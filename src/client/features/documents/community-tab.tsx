import { preloadable } from '../../lib/preloadable';
import type { CommunityTab, CommunityTabProps } from '../../shell/parts';

export const documentsTab: CommunityTab = {
  id: 'documents',
  label: 'communities.dashboard.tabs.documents',
  order: 50,
  Component: preloadable(() =>
    import('./community-documents').then((m) => ({
      default: ({ community, search, openDocument }: CommunityTabProps) => <m.CommunityDocuments community={community} openId={search.doc ?? null} onOpen={openDocument} />,
    })),
  ),
};
