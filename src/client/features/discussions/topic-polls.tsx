import { Button, HStack, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Vote } from 'lucide-react';
import { EmptyNote } from '../../components/empty-state';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { CreatePollDialog } from '../polls/create-poll-dialog';
import { KindBadge, StatusBadge } from '../polls/poll-badges';
import type { TopicPage } from './types';

/**
 * The polls attached to a topic (a decision taken where it was discussed), and for those who may
 * create polls a way to attach a new one. Shown only when there is something to show or do.
 */
export function TopicPolls({ topic }: { topic: TopicPage }) {
  const { t } = useTranslation();
  if (!topic.polls.length && !topic.canAttachPoll) return null;
  const attach = topic.canAttachPoll && !topic.isLocked && (
    <CreatePollDialog
      communityId={topic.community.id}
      topicId={topic.id}
      trigger={
        <Button size="sm" variant="outline" data-testid="topic-attach-poll">
          <Vote aria-hidden /> {t('discussions.polls.attach')}
        </Button>
      }
    />
  );
  return (
    <SectionCard id="topic-polls" title={t('discussions.polls.title')} actions={attach} testId="topic-polls">
      {topic.polls.length === 0 ? (
        <EmptyNote icon={<Vote />}>{t('discussions.polls.empty')}</EmptyNote>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {topic.polls.map((p) => (
            <HStack as="li" key={p.id} gap="2" flexWrap="wrap" data-testid="topic-poll">
              <ChakraLink asChild fontWeight="semibold" color="brand.fg" overflowWrap="anywhere">
                <Link to="/polls/$id" params={{ id: String(p.id) }}>
                  {p.title}
                </Link>
              </ChakraLink>
              <KindBadge kind={p.kind} />
              <StatusBadge poll={p} />
            </HStack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
