import { Stack } from '@chakra-ui/react';
import type { CommunityTabProps } from '../../shell/parts';
import { CommunityPolls } from '../polls/community-polls';
import { CommunityTopics } from './community-topics';

export function DiscussionsTab({ community }: CommunityTabProps) {
  return (
    <Stack gap="5">
      <CommunityTopics community={community} />
      <CommunityPolls community={community} />
    </Stack>
  );
}
