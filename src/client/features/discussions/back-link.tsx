import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';

/** The way back from a topic or a poll to its community's discussions ("In Bamenda Cultural Association"). */
export function DiscussionsBackLink({ communityId, label, testId }: { communityId: number; label: string; testId: string }) {
  return (
    <ChakraLink asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
      <Link to="/community/$id" params={{ id: String(communityId) }} search={{ tab: 'discussions' }} data-testid={testId}>
        <ArrowLeft size={14} aria-hidden /> {label}
      </Link>
    </ChakraLink>
  );
}
