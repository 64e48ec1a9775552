import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { Markdown } from '../../../components/markdown';
import type { EventDetail } from '../event-types';

/** The hosts' description, in the same safe Markdown as announcements. */
export function AboutCard({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="event-about" title={t('event.about.title')}>
      <Box overflowWrap="anywhere" data-testid="event-description">
        {e.description.trim() ? <Markdown source={e.description} /> : <Text color="fg.muted">{t('event.about.empty')}</Text>}
      </Box>
    </SectionCard>
  );
}
