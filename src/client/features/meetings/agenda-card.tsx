import { Badge, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ListOrdered, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { EmptyNote } from '../../components/empty-state';
import { RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { AgendaEditorDialog } from './agenda-editor';
import type { AgendaItem, MeetingData } from './queries';

/** The meeting's agenda in order: each item's time, title, presenter, notes and what it links (a vote, a discussion, a document). */
export function AgendaCard({ data }: { data: MeetingData }) {
  const { t } = useTranslation();
  const editable = data.can.manage && data.meeting.status !== 'cancelled';
  return (
    <SectionCard
      id="meeting-agenda"
      testId="meeting-agenda"
      title={t('meetings.agenda.title')}
      actions={editable && <AgendaEditorDialog data={data} trigger={<ButtonWithIcon icon={Pencil} variant="outline" size="sm">{t('meetings.agenda.edit')}</ButtonWithIcon>} />}
    >
      {data.agenda.length === 0 ? (
        <EmptyNote icon={<ListOrdered />}>{t(editable ? 'meetings.agenda.emptyLeader' : 'meetings.agenda.empty')}</EmptyNote>
      ) : (
        <RuledList as="ol">
          {data.agenda.map((item, i) => (
            <AgendaLine key={item.id} item={item} n={i + 1} communityId={data.meeting.communityId} />
          ))}
        </RuledList>
      )}
    </SectionCard>
  );
}

function AgendaLine({ item, n, communityId }: { item: AgendaItem; n: number; communityId: number }) {
  const { t } = useTranslation();
  return (
    <Stack as="li" py="3" gap="1" data-testid="agenda-item">
      <HStack gap="2" flexWrap="wrap">
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {n}. {item.title}
        </Text>
        {item.time && <Badge variant="outline">{item.time}</Badge>}
        {item.durationMinutes && <Badge variant="outline">{t('meetings.agenda.minutes', { count: item.durationMinutes })}</Badge>}
      </HStack>
      {item.presenter && (
        <Text fontSize="sm" color="fg.muted">
          {t('meetings.agenda.presentedBy', { name: item.presenter.name })}
        </Text>
      )}
      {item.notes && (
        <Text fontSize="sm" whiteSpace="pre-line" overflowWrap="anywhere">
          {item.notes}
        </Text>
      )}
      <HStack gap="3" flexWrap="wrap" fontSize="sm">
        {item.poll && (
          <ChakraLink asChild color="brand.fg">
            <Link to="/polls/$id" params={{ id: String(item.poll.id) }}>
              {t('meetings.agenda.poll', { title: item.poll.title })}
            </Link>
          </ChakraLink>
        )}
        {item.topic && (
          <ChakraLink asChild color="brand.fg">
            <Link to="/topics/$id" params={{ id: String(item.topic.id) }}>
              {t('meetings.agenda.topic', { title: item.topic.title })}
            </Link>
          </ChakraLink>
        )}
        {item.document && (
          <ChakraLink asChild color="brand.fg">
            <Link to="/community/$id" params={{ id: String(communityId) }} search={{ tab: 'documents', doc: item.document.id }}>
              {t('meetings.agenda.document', { title: item.document.title })}
            </Link>
          </ChakraLink>
        )}
      </HStack>
    </Stack>
  );
}
