import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';

/** What the discussion screens receive from the server. */
type Outputs = inferRouterOutputs<AppRouter>['discussions'];
/** One page of a topic: the topic itself (canModerate, follow, lock…) and a page of replies. */
export type TopicPage = Outputs['get'];
/** One reply as the viewer may read it (a hidden one's body is null for members). */
export type Reply = TopicPage['replies']['items'][number];
/** A row of a community's topics. */
export type TopicListItem = Outputs['list']['items'][number];
/** A member the @mention autocomplete offers, with the token to insert. */
export type Mentionable = Outputs['mentionable'][number];
