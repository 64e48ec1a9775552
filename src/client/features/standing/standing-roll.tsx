import { Badge, Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { can } from '@shared/permissions';
import { STANDINGS, type Standing } from '@shared/standing';
import { ListStates } from '../../components/list-states';
import { LoadMore } from '../../components/load-more';
import { SectionCard } from '../../components/section-card';
import { Select } from '../../components/select';
import { formatAmount, formatDate } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/current-user';
import type { Community } from '../communities/membership';
import { STANDING_COLOR, standingKey } from './my-standing';
import { membershipCategoriesQuery, type Category, type RollRow } from './queries';
import { CategoryDialog, LiftDialog, SuspendDialog } from './roll-actions';

/**
 * The leaders' and the treasurer's standing roll: every member's standing, computed from the
 * books, filtered by standing and category, in joining order, with its CSV and Excel downloads.
 * Arrears show here and nowhere else. Leaders (standing.manage) also decide from a member's row:
 * their category, a suspension, lifting it.
 */
export function StandingRollCard({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const manage = can(c.role, 'standing.manage');
  const [standing, setStanding] = useState<Standing | undefined>(undefined);
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const categories = useQuery(membershipCategoriesQuery(c.id)).data ?? [];
  const { query: q, items } = useCursorList(trpc.standing.roll.infiniteQueryOptions({ communityId: c.id, standing, categoryId, limit: 50 }, cursorPaging));
  const currency = (q.data?.pages[0]?.currency ?? 'XAF') as Currency;
  const qs = new URLSearchParams({ ...(standing ? { standing } : {}), ...(categoryId ? { categoryId: String(categoryId) } : {}) }).toString();
  const toolbar = (
    <Stack gap="2">
      <HStack role="group" aria-label={t('standing.roll.filterStanding')} gap="2" flexWrap="wrap">
        {[undefined, ...STANDINGS].map((s) => (
          <Button key={s ?? 'all'} size="xs" rounded="full" variant={standing === s ? 'solid' : 'outline'} aria-pressed={standing === s} onClick={() => setStanding(s)}>
            {s ? t(standingKey(s)) : t('standing.roll.all')}
          </Button>
        ))}
      </HStack>
      {categories.length > 1 && (
        <Select
          aria-label={t('standing.roll.filterCategory')}
          root={{ size: 'sm', maxW: '64' }}
          value={categoryId ? String(categoryId) : ''}
          onChange={(e) => setCategoryId(e.target.value ? Number(e.target.value) : undefined)}
          placeholder={t('standing.roll.allCategories')}
          options={categories.map((k) => ({ value: String(k.id), label: k.name }))}
        />
      )}
    </Stack>
  );
  return (
    <SectionCard
      id="standing-roll"
      testId="standing-roll"
      title={t('standing.roll.title')}
      intro={t('standing.roll.intro')}
      actions={
        manage && (
          <Link asChild fontSize="sm" color="brand.fg">
            <RouterLink to="/community/$id/settings" params={{ id: String(c.id) }} search={{ section: 'standing' }}>
              {t('standing.roll.settingsLink')}
            </RouterLink>
          </Link>
        )
      }
      toolbar={toolbar}
    >
      <ListStates query={q} loading={t('standing.mine.loading')} failed={t('standing.roll.loadFailed')} retry={t('standing.mine.tryAgain')} rows={2} empty={items.length === 0 && <Text color="fg.muted">{t('standing.roll.empty')}</Text>}>
        <Stack gap="3">
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Caption>{t('standing.roll.caption')}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('standing.roll.member')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('standing.roll.standing')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('standing.roll.arrears')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('standing.roll.since')}</Table.ColumnHeader>
                  {categories.length > 0 && <Table.ColumnHeader>{t('standing.roll.category')}</Table.ColumnHeader>}
                  {manage && <Table.ColumnHeader>{t('standing.roll.decisions')}</Table.ColumnHeader>}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((r) => (
                  <RollLine key={r.userId} community={c} row={r} currency={currency} categories={categories} manage={manage} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <LoadMore query={q} />
        </Stack>
      </ListStates>
      <HStack gap="3" mt="3" fontSize="sm" flexWrap="wrap">
        <Link href={`/api/communities/${c.id}/standing/roll.csv${qs ? `?${qs}` : ''}`} download color="brand.fg">
          {t('standing.roll.csv')}
        </Link>
        <Link href={`/api/communities/${c.id}/standing/roll.xlsx${qs ? `?${qs}` : ''}`} download color="brand.fg">
          {t('standing.roll.xlsx')}
        </Link>
      </HStack>
    </SectionCard>
  );
}

function RollLine({ community: c, row: r, currency, categories, manage }: { community: Community; row: RollRow; currency: Currency; categories: Category[]; manage: boolean }) {
  const { t } = useTranslation();
  const me = useCurrentUser().user?.id;
  const category = categories.find((k) => k.id === r.categoryId)?.name ?? '';
  return (
    <Table.Row data-testid="roll-row">
      <Table.Cell>{r.name}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STANDING_COLOR[r.standing]}>{t(standingKey(r.standing))}</Badge>
      </Table.Cell>
      <Table.Cell textAlign="end">{r.arrears > 0 ? formatAmount(r.arrears, currency) : ''}</Table.Cell>
      <Table.Cell>
        {formatDate(r.arrearsSince ?? r.suspendedUntil ?? r.newUntil, { style: 'short' })}
        {r.suspensionReason && (
          <Text fontSize="xs" color="fg.muted" maxW="48" truncate title={r.suspensionReason}>
            {r.suspensionReason}
          </Text>
        )}
      </Table.Cell>
      {categories.length > 0 && (
        <Table.Cell>
          {manage ? (
            <CategoryDialog
              community={c}
              row={r}
              categories={categories}
              trigger={
                <Button size="xs" variant="ghost" aria-label={t('standing.roll.changeCategory', { name: r.name, category })}>
                  {category}
                </Button>
              }
            />
          ) : (
            category
          )}
        </Table.Cell>
      )}
      {manage && (
        <Table.Cell>
          {r.suspensionId !== null ? <LiftDialog community={c} row={r} /> : r.userId !== me && <SuspendDialog community={c} row={r} />}
        </Table.Cell>
      )}
    </Table.Row>
  );
}
