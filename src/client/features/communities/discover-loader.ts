import type { QueryClient } from '@tanstack/react-query';
import { loadList } from '../../lib/route-data';
import { communityListQuery } from './queries';

/**
 * The discovery routes' loader: the unfiltered list the page opens with (the server decides what
 * this visitor may see). Its own small module: loaders stay in the first bundle, the page does not.
 */
export const loadDiscover = async ({ context: { queryClient } }: { context: { queryClient: QueryClient } }) => {
  await loadList(queryClient, communityListQuery());
};
