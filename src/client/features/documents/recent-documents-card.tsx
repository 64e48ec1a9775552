import { Box, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { FileText, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { formatSize } from './format';
import { recentDocumentsQuery } from './queries';
import { KIND_ICON, KIND_LABEL } from './kinds';
import { ListStates } from '../../components/list-states';
import { RuledList } from '../../components/rows';
import { EmptyNote } from '../../components/empty-state';

/** The Overview's "Recent Documents": the last three the member may see, each opening its details on the Documents tab. */
export function RecentDocumentsCard({ communityId, onViewAll }: { communityId: number; onViewAll: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(recentDocumentsQuery(communityId));
  const id = `community-${communityId}-recent-documents`;
  const empty = q.data?.length === 0 && <EmptyNote icon={<FileText />}>{t('documents.recent.empty')}</EmptyNote>;
  return (
    <Card.Root as="section" aria-labelledby={id} data-testid="recent-documents" flex="1" minW="0">
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center" gap="2" flexWrap="wrap">
        <Card.Title as="h2" id={id}>
          {t('documents.recent.title')}
        </Card.Title>
        <Button size="sm" variant="ghost" onClick={onViewAll} data-testid="recent-documents-all">
          {t('documents.recent.viewAll')}
        </Button>
      </Card.Header>
      <Card.Body pt="0">
        <ListStates query={q} loading={t('documents.tab.loading')} rows={2} rowHeight="12" failed={t('documents.recent.loadFailed')} retry={t('documents.tab.tryAgain')} empty={empty}>
          {() => (
            <RuledList>
              {q.data!.map((d) => {
                const Icon = KIND_ICON[d.kind];
                return (
                  <HStack as="li" key={d.id} gap="3" py="3" align="flex-start" data-testid="recent-document">
                    <Box color="brand.solid" pt="0.5" flexShrink={0} title={t(KIND_LABEL[d.kind])}>
                      <Icon size={22} aria-hidden />
                    </Box>
                    <Stack gap="0.5" minW="0" flex="1">
                      <Link asChild fontWeight="semibold" color="brand.fg" overflowWrap="anywhere">
                        <RouterLink to="/community/$id" params={{ id: String(communityId) }} search={{ tab: 'documents', doc: d.id }}>
                          {d.title}
                        </RouterLink>
                      </Link>
                      <HStack gap="1" columnGap="3" flexWrap="wrap" fontSize="sm" color="fg.muted">
                        <Text>{formatSize(d.bytes)}</Text>
                        <Text>
                          <time dateTime={new Date(d.updatedAt).toISOString()}>{formatDate(d.updatedAt, { style: 'short' })}</time>
                        </Text>
                        {d.visibility === 'leaders' && (
                          <HStack as="span" gap="1">
                            <Lock size={12} aria-hidden />
                            <Text as="span">{t('documents.leadersOnly')}</Text>
                          </HStack>
                        )}
                      </HStack>
                    </Stack>
                  </HStack>
                );
              })}
            </RuledList>
          )}
        </ListStates>
      </Card.Body>
    </Card.Root>
  );
}
