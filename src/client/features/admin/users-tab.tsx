import { Badge, Button, Card, HStack, Stack, Table } from '@chakra-ui/react';
import { StackedCell, StackedTable, StackedHeader } from '../../components/stacked-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../components/empty-state';
import { staffCan } from '@shared/permissions';
import { formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../trpc';
import type { CurrentUser } from '../auth/current-user';
import { AddAdminButton } from './add-admin-dialog';
import { fullName, rolesText, statusKey, type AdminUser } from './labels';
import { ResetPasswordDialog } from './reset-password-dialog';
import { pageRange, StaffPager, StaffSearch, useSearchPaging, StaffTableBody } from './staff-table';

const PAGE = 20;

/** Searchable, server-paginated users table with Previous and Next. */
export function UsersTab({ me, onViewProfile }: { me: CurrentUser; onViewProfile: (id: string) => void }) {
  const { t } = useTranslation();
  const paging = useSearchPaging(PAGE);
  const q = useQuery({
    ...trpc.admin.users.queryOptions({ search: paging.term, cursor: paging.offset, limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  const rows = q.data?.items ?? [];
  // Not their own account, and a superadmin's only by someone who manages staff accounts.
  const mayReset = (u: AdminUser) => u.id !== me.id && (u.role !== 'superadmin' || staffCan(me.role, 'admin.staff'));
  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Header gap="3">
          <HStack justify="space-between" flexWrap="wrap" gap="3">
            <Card.Title as="h2">{t('admin.users.title')}</Card.Title>
            {staffCan(me.role, 'admin.staff') && <AddAdminButton />}
          </HStack>
          <StaffSearch label={t('admin.users.searchLabel')} placeholder={t('admin.users.searchPlaceholder')} paging={paging} />
        </Card.Header>
        <StaffTableBody pending={q.isPending} empty={rows.length === 0 && <EmptyNote icon={<SearchX />}>{t('admin.users.empty')}</EmptyNote>} loadingHeight="40">
          {() => (
            <StackedTable size="sm" data-testid="users-table">
              <StackedHeader columns={[{ label: t('admin.users.columns.name') }, { label: t('admin.users.columns.email') }, { label: t('admin.users.columns.status') }, { label: t('admin.users.columns.role') }, { label: t('admin.users.columns.created') }, { label: t('admin.users.columns.profile') }, { label: t('admin.users.columns.actions'), end: true }]} />
              <Table.Body role="rowgroup">
                {rows.map((u) => (
                  <Table.Row role="row" key={u.id} data-testid="user-row">
                    <StackedCell label={t('admin.users.columns.name')} fontWeight="medium">{fullName(u)}</StackedCell>
                    <StackedCell label={t('admin.users.columns.email')} wordBreak="break-all">{u.email}</StackedCell>
                    <StackedCell label={t('admin.users.columns.status')}>
                      <Badge colorPalette={u.isEmailVerified ? 'green' : 'orange'}>{t(statusKey(u))}</Badge>
                    </StackedCell>
                    <StackedCell label={t('admin.users.columns.role')} data-testid="user-roles">{rolesText(t, u)}</StackedCell>
                    <StackedCell label={t('admin.users.columns.created')} whiteSpace="nowrap">{formatDate(u.createdAt, { style: 'short', fallback: t('admin.never') })}</StackedCell>
                    <StackedCell label={t('admin.users.columns.profile')}>
                      <Button size="xs" variant="ghost" onClick={() => onViewProfile(u.id)}>
                        {t('admin.users.viewProfile')}
                      </Button>
                    </StackedCell>
                    <StackedCell label={t('admin.users.columns.actions')} textAlign="end">
                      {mayReset(u) && (
                        <ResetPasswordDialog
                          user={u}
                          trigger={
                            <Button size="xs" variant="ghost" colorPalette="red">
                              {t('admin.users.resetPassword')}
                            </Button>
                          }
                        />
                      )}
                    </StackedCell>
                  </Table.Row>
                ))}
              </Table.Body>
            </StackedTable>
          )}
        </StaffTableBody>
        <StaffPager
          summary={
            q.data
              ? t('admin.users.summary', {
                  count: q.data.total,
                  range: pageRange(q.data.offset, rows.length),
                  total: formatNumber(q.data.total),
                })
              : ''
          }
          canPrevious={paging.offset > 0}
          canNext={q.data?.nextCursor != null}
          onPrevious={paging.previous}
          onNext={() => paging.next(q.data?.nextCursor)}
        />
      </Card.Root>
    </Stack>
  );
}
