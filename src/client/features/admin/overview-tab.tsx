import { Badge, Card, Code, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatTime } from '../../lib/format';
import { adminCountsQuery, auditQuery } from './queries';
import { auditActionName, auditTargetType } from './shared';

/** Real counts (users, communities, events) and the audit log of what staff did. */
export function OverviewTab() {
  const { t } = useTranslation();
  const counts = useQuery(adminCountsQuery());
  const audit = useQuery(auditQuery());
  // The test id names the count, whatever the language.
  const stat = (id: string, label: string, value: number | undefined) => (
    <Stat.Root borderWidth="1px" rounded="lg" p="4" bg="bg">
      <Stat.Label>{label}</Stat.Label>
      {value === undefined ? <Skeleton h="8" w="16" /> : <Stat.ValueText data-testid={`count-${id}`}>{formatNumber(value)}</Stat.ValueText>}
    </Stat.Root>
  );
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        {stat('users', t('admin.overview.users'), counts.data?.users)}
        {stat('communities', t('admin.overview.communities'), counts.data?.communities)}
        {stat('events', t('admin.overview.events'), counts.data?.events)}
      </SimpleGrid>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t('admin.overview.auditTitle')}</Card.Title>
          <Text fontSize="sm" color="fg.muted">
            {t('admin.overview.auditDescription')}
          </Text>
        </Card.Header>
        <Card.Body>
          {audit.isPending ? (
            <Skeleton h="24" />
          ) : !audit.data?.items.length ? (
            <Text color="fg.muted">{t('admin.overview.auditEmpty')}</Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="audit-log">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('admin.overview.columns.when')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('admin.overview.columns.who')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('admin.overview.columns.action')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('admin.overview.columns.target')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {audit.data.items.map((e) => (
                    <Table.Row key={e.id}>
                      <Table.Cell whiteSpace="nowrap">
                        {formatDate(e.createdAt, { style: 'short', fallback: t('admin.never') })} {formatTime(e.createdAt)}
                      </Table.Cell>
                      <Table.Cell>{e.actorEmail}</Table.Cell>
                      <Table.Cell>
                        {/* The readable name, and the code the server records (what logs and the API show). */}
                        <Stack gap="0.5" align="flex-start">
                          <Badge>{auditActionName(t, e.action)}</Badge>
                          <Code fontSize="2xs" variant="plain" color="fg.muted" px="0">
                            {e.action}
                          </Code>
                        </Stack>
                      </Table.Cell>
                      <Table.Cell>{e.targetLabel ?? t('admin.audit.target', { type: auditTargetType(t, e.targetType), id: e.targetId })}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
