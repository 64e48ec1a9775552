import { Badge, Button, HStack, Input, Stack, Text, VisuallyHidden, chakra } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { BookOpen, Download, FileSpreadsheet, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { errorInfo } from '../../lib/errors';
import { formatDate, inputDay, formatAmount } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import { FinanceReasonDialog } from './dialog-forms';
import { exportCsvUrl, ledgerQuery } from './queries';
import { useBooksAction } from './use-books-action';
import { ENTRY_KIND_KEY, PURPOSE_KEY, accountName, categoryName } from './labels';
import type { Books, Entry } from './types';
import { RuledList } from '../../components/rows';
import { EmptyNote } from '../../components/empty-state';
import { SectionCard } from '../../components/section-card';
import { BooksStates } from './books-states';

/** The ledger, newest first: every movement of money, with the CSV export and, for officers, "Reverse". */
export function Ledger({ communityId, books, canReverse }: { communityId: number; books: Books; canReverse: boolean }) {
  const { t } = useTranslation();
  const { query: q, items } = useCursorList(ledgerQuery(communityId));
  const reverse = useMutation(trpc.finances.reverseEntry.mutationOptions());
  const c = books.currency;
  const categories = new Map(books.categories.map((x) => [x.id, x]));
  const accounts = new Map((books.accounts ?? []).map((a) => [a.id, accountName(t, a)]));

  const act = useBooksAction();
  const onReverse = (entry: Entry, reason: string) => act(() => reverse.mutateAsync({ id: entry.id, reason }), t('finances.ledger.reverseFailed'), t('finances.ledger.reversed'));

  // A payment's entry is described by the server as "dues · reference" (its purpose as a code): the purpose is shown translated.
  const description = (e: Entry) => (e.kind === 'payment' ? e.description.replace(/^(dues|donation)\b/, (p) => t(PURPOSE_KEY[p as keyof typeof PURPOSE_KEY])) : e.description);

  const row = (e: Entry) => {
    const amount = formatAmount(e.amount, c);
    // Another member's payment, when the community does not show names, reads "a member".
    const member = e.memberHidden ? t('finances.ledger.aMember') : e.member;
    const details = [categoryName(t, categories.get(e.categoryId)), accounts.get(e.accountId), member, formatDate(e.createdAt, { style: 'short' })].filter(Boolean);
    return (
      <Stack as="li" key={e.id} gap="2" py="3" data-testid="ledger-entry" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
        <Stack gap="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold" color={e.amount < 0 ? 'red.fg' : 'green.fg'}>
              {amount}
            </Text>
            <Text>{description(e)}</Text>
            <Badge size="sm" colorPalette={e.kind === 'reversal' ? 'orange' : 'gray'}>
              {t(ENTRY_KIND_KEY[e.kind])}
            </Badge>
            {e.imported && (
              <Badge size="sm" colorPalette="purple" variant="outline">
                {t('imports.badge')}
              </Badge>
            )}
            {e.reversedBy !== null && (
              <Badge size="sm" colorPalette="orange" variant="outline">
                {t('finances.ledger.reversedTag')}
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {details.join(' · ')}
          </Text>
          {e.reversesId !== null && (
            <Text fontSize="sm" color="fg.muted">
              {t('finances.ledger.reverses', { id: e.reversesId })}
            </Text>
          )}
          {e.reversedBy !== null && (
            <Text fontSize="sm" color="fg.muted">
              {t('finances.ledger.reversedBy', { id: e.reversedBy })}
            </Text>
          )}
        </Stack>
        {canReverse && e.kind !== 'reversal' && e.reversedBy === null && (
          <FinanceReasonDialog
            title={t('finances.ledger.reverseTitle')}
            trigger={
              <Button
                size="sm"
                variant="outline"
                flexShrink={0}
                alignSelf={{ base: 'flex-start', md: 'center' }}
                aria-label={t('finances.ledger.reverseLabel', { description: description(e), amount })}
              >
                <Undo2 aria-hidden /> {t('finances.ledger.reverse')}
              </Button>
            }
            intro={t('finances.ledger.reverseBody', { amount: formatAmount(-e.amount, c) })}
            helper={t('finances.ledger.reasonHelp')}
            submitLabel={t('finances.ledger.reverseSubmit')}
            onSubmit={(reason) => onReverse(e, reason)}
          />
        )}
      </Stack>
    );
  };

  return (
    <SectionCard id="finance-ledger" title={t('finances.ledger.title')} toolbar={<ExportCsv communityId={communityId} year={books.year} />} bodyGap="3">
      <BooksStates query={q} rowHeight="12" failed={errorInfo(q.error).message || t('finances.ledger.loadFailed')} empty={items.length === 0 && <EmptyNote icon={<BookOpen />}>{t('finances.ledger.empty')}</EmptyNote>}>
        <RuledList>{items.map(row)}</RuledList>
      </BooksStates>
      <LoadMore query={q} alignSelf="center" size="sm" />
    </SectionCard>
  );
}

/** The ledger of a date range (the community's days, inclusive) as CSV or as an Excel workbook: plain downloads from the REST API. */
function ExportCsv({ communityId, year }: { communityId: number; year: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(() => inputDay(new Date()));
  return (
    <Stack as="fieldset" border="0" p="0" m="0" minW="0" direction={{ base: 'column', sm: 'row' }} gap="2" align={{ base: 'stretch', sm: 'flex-end' }} flexWrap="wrap">
      <VisuallyHidden as="legend">{t('finances.ledger.exportLegend')}</VisuallyHidden>
      <Stack gap="1">
        <chakra.label htmlFor={`${id}-from`} fontSize="sm">
          {t('finances.ledger.from')}
        </chakra.label>
        <Input id={`${id}-from`} type="date" size="sm" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
      </Stack>
      <Stack gap="1">
        <chakra.label htmlFor={`${id}-to`} fontSize="sm">
          {t('finances.ledger.to')}
        </chakra.label>
        <Input id={`${id}-to`} type="date" size="sm" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </Stack>
      <Button asChild size="sm" variant="outline">
        <a href={exportCsvUrl(communityId, from, to)} download>
          <Download aria-hidden /> {t('finances.ledger.download')}
        </a>
      </Button>
      <Button asChild size="sm" variant="outline">
        <a href={exportCsvUrl(communityId, from, to, 'xlsx')} download data-testid="ledger-xlsx">
          <FileSpreadsheet aria-hidden /> {t('finances.export.downloadXlsx')}
        </a>
      </Button>
    </Stack>
  );
}
