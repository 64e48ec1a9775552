import { Alert, Badge, Card, Code, DataList, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../components/empty-state';
import { currentLocale } from '../../i18n';
import { formatDate, formatDateTime, formatNumber, formatRelative, formatTime } from '../../lib/format';
import { adminCountsQuery, auditQuery, backupsQuery } from './queries';
import { auditActionName, auditTargetType } from './labels';
import { StackedCell, StackedTable, StackedHeader } from '../../components/stacked-table';
import { StaffTableBody } from './staff-table';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
/** '532 kB', '12.4 MB' ('12,4 Mo' in French): powers of 1000, in the interface's locale. */
function formatSize(bytes: number): string {
  let i = 0;
  let n = bytes;
  while (n >= 1000 && i < UNITS.length - 1) {
    n /= 1000;
    i += 1;
  }
  return new Intl.NumberFormat(currentLocale(), { style: 'unit', unit: UNITS[i], unitDisplay: 'short', maximumFractionDigits: n < 10 && i > 0 ? 1 : 0 }).format(n);
}

/** The daily backups: the newest one's time and size; a warning when there is none or it is over two days old, or the last attempt failed. */
function BackupsCard() {
  const { t } = useTranslation();
  const status = useQuery(backupsQuery());
  const s = status.data;
  return (
    <Card.Root data-testid="backups">
      <Card.Header>
        <Card.Title as="h2">{t('admin.backups.title')}</Card.Title>
        {s?.enabled && (
          <Text fontSize="sm" color="fg.muted">
            {t('admin.backups.description', { hour: s.hour, keep: s.keep })}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        {!s ? (
          <Skeleton h="16" />
        ) : !s.enabled ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('admin.backups.off')}</Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="4">
            {s.failure && (
              <Alert.Root status="error" data-testid="backup-failed">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('admin.backups.failed', { when: formatDateTime(s.failure.at) })}</Alert.Title>
                  <Alert.Description>
                    <Code variant="plain" whiteSpace="pre-wrap" px="0">
                      {s.failure.message}
                    </Code>
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {s.stale && (
              <Alert.Root status="warning" data-testid="backup-stale">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t(s.last ? 'admin.backups.stale' : 'admin.backups.none')}</Alert.Title>
                  <Alert.Description>{t(s.last ? 'admin.backups.staleText' : 'admin.backups.noneText')}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {s.last && (
              <DataList.Root orientation="horizontal" data-testid="backup-last">
                <DataList.Item>
                  <DataList.ItemLabel>{t('admin.backups.last')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {formatDateTime(s.last.at)}
                    {/* Within a day, how long ago too ('3 h ago'); past that the date says it. */}
                    {Date.now() - Date.parse(s.last.at) < 86_400_000 && ` (${formatRelative(s.last.at)})`}
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('admin.backups.size')}</DataList.ItemLabel>
                  <DataList.ItemValue>{formatSize(s.last.bytes)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('admin.backups.uploads')}</DataList.ItemLabel>
                  <DataList.ItemValue>{formatNumber(s.last.uploads)}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            )}
            <Text fontSize="sm" color="fg.muted">
              {t('admin.backups.restoreHint')}
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A person by name with the address the entry kept beneath; an account since deleted by that address alone. */
/** Someone the audit log names (by id; the server looks the name up now): a deleted account is only that. */
function Person({ name, email, gone, invitee }: { name: string | null; email: string | null; gone: boolean; invitee?: boolean }) {
  const { t } = useTranslation();
  if (invitee) return <>{t('admin.audit.invitee')}</>;
  if (gone || !name) return <>{t('admin.audit.deletedAccount')}</>;
  return (
    <Stack gap="0" minW="0">
      <Text>{name}</Text>
      {email && (
        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
          {email}
        </Text>
      )}
    </Stack>
  );
}

/** Real counts (users, communities, events), the daily backups and the audit log of what staff did. */
export function OverviewTab() {
  const { t } = useTranslation();
  const counts = useQuery(adminCountsQuery());
  const audit = useQuery(auditQuery());
  const entries = audit.data?.items ?? [];
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
      <BackupsCard />
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t('admin.overview.auditTitle')}</Card.Title>
          <Text fontSize="sm" color="fg.muted">
            {t('admin.overview.auditDescription')}
          </Text>
        </Card.Header>
        <StaffTableBody pending={audit.isPending} empty={entries.length === 0 && <EmptyNote icon={<ScrollText />}>{t('admin.overview.auditEmpty')}</EmptyNote>} loadingHeight="24">
          {() => (
            <StackedTable size="sm" data-testid="audit-log">
              <StackedHeader columns={[{ label: t('admin.overview.columns.when') }, { label: t('admin.overview.columns.who') }, { label: t('admin.overview.columns.action') }, { label: t('admin.overview.columns.target') }]} />
              <Table.Body role="rowgroup">
                {entries.map((e) => (
                  <Table.Row role="row" key={e.id} data-testid="audit-row" data-action={e.action}>
                    <StackedCell label={t('admin.overview.columns.when')} whiteSpace="nowrap">
                      {formatDate(e.createdAt, { style: 'short', fallback: t('admin.never') })} {formatTime(e.createdAt)}
                    </StackedCell>
                    <StackedCell label={t('admin.overview.columns.who')}>
                      <Person name={e.actorName} email={e.actorEmail} gone={e.actorGone} invitee={e.actorInvitee} />
                    </StackedCell>
                    <StackedCell label={t('admin.overview.columns.action')}>
                      {/* The readable name, and the code the server records (what logs and the API show). */}
                      <Stack gap="0.5" align="flex-start">
                        <Badge whiteSpace="normal">{auditActionName(t, e.action)}</Badge>
                        <Code fontSize="2xs" variant="plain" color="fg.muted" px="0">
                          {e.action}
                        </Code>
                      </Stack>
                    </StackedCell>
                    <StackedCell label={t('admin.overview.columns.target')}>
                      {e.targetType === 'user' ? (
                        <Person name={e.targetName} email={e.targetEmail} gone={e.targetGone} />
                      ) : (
                        (e.targetLabel ?? t('admin.audit.target', { type: auditTargetType(t, e.targetType), id: e.targetId }))
                      )}
                    </StackedCell>
                  </Table.Row>
                ))}
              </Table.Body>
            </StackedTable>
          )}
        </StaffTableBody>
      </Card.Root>
    </Stack>
  );
}
