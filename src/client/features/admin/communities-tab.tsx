import { Badge, Button, Card, HStack, Table } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyNote } from '../../components/empty-state';
import { StackedHeader } from '../../components/stacked-table';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../trpc';
import { DocumentQuotaButton } from './document-quota';
import { pageRange, StaffPager, StaffSearch, useSearchPaging, StaffTableBody } from './staff-table';

const PAGE = 20;

/** Every community with its members count; staff may hide one from discovery or delete it. */
export function CommunitiesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const paging = useSearchPaging(PAGE);
  const q = useQuery({
    ...trpc.admin.communities.queryOptions({ search: paging.term, cursor: paging.offset, limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.communities.pathKey() })]);
  const hide = useMutation(trpc.admin.setCommunityHidden.mutationOptions());
  const del = useMutation(trpc.admin.deleteCommunity.mutationOptions());
  const rows = q.data?.items ?? [];
  return (
    <Card.Root>
      <Card.Header gap="3">
        <Card.Title as="h2">{t('admin.communities.title')}</Card.Title>
        <StaffSearch label={t('admin.communities.searchLabel')} placeholder={t('admin.communities.searchPlaceholder')} paging={paging} />
      </Card.Header>
      <StaffTableBody pending={q.isPending} empty={rows.length === 0 && <EmptyNote icon={<SearchX />}>{t('admin.communities.empty')}</EmptyNote>} loadingHeight="40">
        {() => (
          <Table.Root size="sm">
            <StackedHeader columns={[{ label: t('admin.communities.columns.name') }, { label: t('admin.communities.columns.creator') }, { label: t('admin.communities.columns.members'), end: true }, { label: t('admin.communities.columns.visibility') }, { label: t('admin.communities.columns.created') }, { label: t('admin.communities.columns.actions'), end: true }]} />
            <Table.Body>
              {rows.map((c) => (
                <Table.Row key={c.id}>
                  <Table.Cell>
                    <Link to="/community/$id/details" params={{ id: String(c.id) }}>
                      {c.name}
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{c.creatorEmail}</Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(c.memberCount)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <Badge>{c.isPublic ? t('admin.communities.public') : t('admin.communities.private')}</Badge>
                      {c.isHidden && <Badge colorPalette="orange">{t('admin.communities.hidden')}</Badge>}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(c.createdAt, { style: 'short', fallback: t('admin.never') })}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack justify="flex-end" gap="1">
                      <DocumentQuotaButton community={c} />
                      <ConfirmDialog
                        trigger={
                          <Button size="xs" variant="ghost">
                            {c.isHidden ? t('admin.communities.unhide') : t('admin.communities.hide')}
                          </Button>
                        }
                        title={c.isHidden ? t('admin.communities.unhideTitle', { name: c.name }) : t('admin.communities.hideTitle', { name: c.name })}
                        description={
                          c.isHidden ? t('admin.communities.unhideText') : t('admin.communities.hideText')
                        }
                        confirmLabel={c.isHidden ? t('admin.communities.unhide') : t('admin.communities.hide')}
                        onConfirm={() =>
                          hide.mutateAsync({ id: c.id, hidden: !c.isHidden }).then(
                            async () => {
                              notify.success(c.isHidden ? t('admin.communities.unhiddenToast') : t('admin.communities.hiddenToast'));
                              await refresh();
                            },
                            (e) => notify.error(t('admin.errorTitle'), errorInfo(e).message),
                          )
                        }
                      />
                      <ConfirmDialog
                        trigger={
                          <Button size="xs" variant="ghost" colorPalette="red">
                            {t('admin.communities.delete')}
                          </Button>
                        }
                        title={t('admin.communities.deleteTitle', { name: c.name })}
                        description={t('admin.communities.deleteText')}
                        confirmLabel={t('admin.communities.deleteConfirm')}
                        onConfirm={() =>
                          del.mutateAsync({ id: c.id }).then(
                            async () => {
                              notify.success(t('admin.communities.deleted'));
                              await refresh();
                            },
                            (e) => notify.error(t('admin.errorTitle'), errorInfo(e).message),
                          )
                        }
                      />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </StaffTableBody>
      <StaffPager
        summary={
          q.data ? t('admin.communities.summary', { count: q.data.total, range: pageRange(q.data.offset, rows.length), total: formatNumber(q.data.total) }) : ''
        }
        canPrevious={paging.offset > 0}
        canNext={q.data?.nextCursor != null}
        onPrevious={paging.previous}
        onNext={() => paging.next(q.data?.nextCursor)}
      />
    </Card.Root>
  );
}
