import { Button, EmptyState, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { myRecognitionsQuery } from './queries';
import { RecognitionList } from './recognition-list';

/** The dashboard's "My Recognitions": what the member's records say, with what each means. */
export function RecognitionsCard({ heading = 'dashboard' }: { heading?: 'dashboard' | 'profile' }) {
  const { t } = useTranslation();
  const q = useQuery(myRecognitionsQuery());
  const id = `recognitions-${heading}`;
  return (
    <SectionCard id={id} title={heading === 'dashboard' ? t('recognitions.title') : t('recognitions.profileTitle')} intro={t('recognitions.intro')} testId={`recognitions-card-${heading}`} bodyGap="3">
      {q.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label={t('recognitions.loading')}>
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : q.isError ? (
        <HStack gap="3" role="alert" flexWrap="wrap">
          <Text color="red.fg">{t('recognitions.loadFailed')}</Text>
          <Button size="xs" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            {t('recognitions.tryAgain')}
          </Button>
        </HStack>
      ) : q.data.items.length === 0 ? (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Award aria-hidden />
            </EmptyState.Indicator>
            <EmptyState.Title as="h3">{t('recognitions.empty')}</EmptyState.Title>
            <EmptyState.Description>{t('recognitions.emptyBody')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          {q.data.hidden && (
            <Text fontSize="sm" color="fg.muted" data-testid="recognitions-hidden">
              {t('recognitions.hiddenNote')}
            </Text>
          )}
          <RecognitionList items={q.data.items} />
        </>
      )}
    </SectionCard>
  );
}

export function DashboardRecognitions() {
  return <RecognitionsCard heading="dashboard" />;
}
