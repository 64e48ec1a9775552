import { Card, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown';
import type { EventDetail } from '../event-types';

/** The hosts' description, in the same safe Markdown as announcements. */
export function AboutCard({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  return (
    <Card.Root as="section" aria-labelledby="event-about">
      <Card.Header>
        <Card.Title as="h2" id="event-about">
          {t('event.about.title')}
        </Card.Title>
      </Card.Header>
      <Card.Body overflowWrap="anywhere" data-testid="event-description">
        {e.description.trim() ? <Markdown source={e.description} /> : <Text color="fg.muted">{t('event.about.empty')}</Text>}
      </Card.Body>
    </Card.Root>
  );
}
