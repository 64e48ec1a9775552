import { Badge, Card, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatNumber, formatTime } from '../../lib/format';
import { adminCountsQuery, auditQuery } from './queries';

/** Real counts (events once they exist) and the audit log of what staff did. */
export function OverviewTab() {
  const counts = useQuery(adminCountsQuery());
  const audit = useQuery(auditQuery());
  const stat = (label: string, value: number | undefined) => (
    <Stat.Root borderWidth="1px" rounded="lg" p="4" bg="bg">
      <Stat.Label>{label}</Stat.Label>
      {value === undefined ? <Skeleton h="8" w="16" /> : <Stat.ValueText data-testid={`count-${label.toLowerCase()}`}>{formatNumber(value)}</Stat.ValueText>}
    </Stat.Root>
  );
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        {stat('Users', counts.data?.users)}
        {stat('Communities', counts.data?.communities)}
        <Stat.Root borderWidth="1px" rounded="lg" p="4" bg="bg">
          <Stat.Label>Events</Stat.Label>
          <Stat.ValueText fontSize="md" color="fg.muted">
            Coming soon
          </Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">Audit log</Card.Title>
          <Text fontSize="sm" color="fg.muted">
            Every staff action, newest first. Entries cannot be changed or removed.
          </Text>
        </Card.Header>
        <Card.Body>
          {audit.isPending ? (
            <Skeleton h="24" />
          ) : !audit.data?.items.length ? (
            <Text color="fg.muted">No staff actions yet.</Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="audit-log">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader>Who</Table.ColumnHeader>
                    <Table.ColumnHeader>Action</Table.ColumnHeader>
                    <Table.ColumnHeader>Target</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {audit.data.items.map((e) => (
                    <Table.Row key={e.id}>
                      <Table.Cell whiteSpace="nowrap">
                        {formatDate(e.createdAt, { style: 'short', fallback: 'Never' })} {formatTime(e.createdAt)}
                      </Table.Cell>
                      <Table.Cell>{e.actorEmail}</Table.Cell>
                      <Table.Cell>
                        <Badge>{e.action}</Badge>
                      </Table.Cell>
                      <Table.Cell>{e.targetLabel ?? `${e.targetType} ${e.targetId}`}</Table.Cell>
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
