import { Alert, Badge, Box, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckCheck, CircleCheck, HandCoins, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { EmptyNote } from '../../components/empty-state';
import { RuledList } from '../../components/rows';
import { formatAmount, formatDate, formatNumber } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { trpc } from '../../trpc';
import { BooksStates } from '../finances/books-states';
import { FinanceReasonDialog } from '../finances/dialog-forms';
import { LINE_STATUS_COLOR, LINE_STATUS_KEY, WHY_KEY } from './labels';
import { COLLECTING_KEYS, statementQuery } from './queries';
import { RecordLineDialog } from './record-line-dialog';
import type { MatchResult, StatementLine } from './types';

const day = (d: string | null) => (d ? formatDate(`${d}T12:00:00`, { style: 'short' }) : '');

/**
 * One statement as the treasurer works it: first the lines with a proposed payment (why, a warning
 * when the amounts differ, a checkbox each; "Confirm selected" and "Confirm all proposals", each
 * result shown on its line), then the incoming lines nobody declared (record for a member, or
 * ignore with a reason), then the lines decided. Confirming is the payments' own confirmation.
 */
export function StatementLines({ communityId, id, currency, onBack }: { communityId: number; id: number; currency: Currency; onBack: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(statementQuery(id));
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [results, setResults] = useState<Map<number, MatchResult>>(new Map());
  const act = useAction(COLLECTING_KEYS, { wait: true });
  const confirm = useMutation(trpc.collecting.confirmMatches.mutationOptions());
  const lines = q.data?.lines ?? [];
  const proposed = lines.filter((l) => l.status === 'open' && l.proposal);
  const unmatched = lines.filter((l) => l.status === 'open' && !l.proposal && l.amount > 0);
  const decided = lines.filter((l) => l.status !== 'open');
  const money = (n: number) => formatAmount(n, currency);

  const confirmLines = (chosenLines: StatementLine[]) =>
    act(
      () => confirm.mutateAsync({ id, items: chosenLines.map((l) => ({ lineId: l.id, paymentId: l.proposal!.paymentId })) }),
      t('collecting.view.confirmFailed'),
      (r) => {
        setResults((prev) => new Map([...prev, ...r.results.map((x) => [x.lineId, x] as const)]));
        setChosen(new Set());
        const confirmed = r.results.filter((x) => x.outcome === 'confirmed').length;
        const refused = r.results.length - confirmed;
        return { title: t('collecting.view.confirmedCount', { count: confirmed }), body: refused ? t('collecting.view.refusedCount', { count: refused }) : undefined, type: refused ? 'info' : 'success' };
      },
    );

  const toggle = (lineId: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(lineId);
      else next.delete(lineId);
      return next;
    });

  return (
    <Stack gap="4" data-testid="statement-view">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Button size="sm" variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden /> {t('collecting.view.back')}
        </Button>
        {q.data && (
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {t('collecting.view.heading', { file: q.data.fileName, date: formatDate(q.data.createdAt, { style: 'short' }), count: q.data.lines.length })}
          </Text>
        )}
      </HStack>
      <BooksStates query={q} rows={3} rowHeight="14" failed={t('collecting.view.loadFailed')}>
        <Stack gap="3" as="section" aria-labelledby="statement-proposals">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Text as="h3" fontWeight="semibold" id="statement-proposals">
              {t('collecting.view.proposals')} <Badge colorPalette={proposed.length ? 'orange' : 'gray'}>{formatNumber(proposed.length)}</Badge>
            </Text>
            {proposed.length > 0 && (
              <HStack gap="2" flexWrap="wrap">
                <ButtonWithIcon icon={CircleCheck} variant="outline" disabled={chosen.size === 0} loading={confirm.isPending} onClick={() => void confirmLines(proposed.filter((l) => chosen.has(l.id)))}>
                  {t('collecting.view.confirmSelected', { count: chosen.size })}
                </ButtonWithIcon>
                <ButtonWithIcon icon={CheckCheck} colorPalette="brand" loading={confirm.isPending} onClick={() => void confirmLines(proposed)}>
                  {t('collecting.view.confirmAll')}
                </ButtonWithIcon>
              </HStack>
            )}
          </HStack>
          {proposed.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('collecting.view.noProposals')}
            </Text>
          ) : (
            <RuledList>
              {proposed.map((l) => (
                <Stack as="li" key={l.id} gap="1" py="3" data-testid="statement-proposal">
                  <HStack align="flex-start" gap="3">
                    <Checkbox.Root checked={chosen.has(l.id)} onCheckedChange={(e) => toggle(l.id, e.checked === true)} mt="1">
                      <Checkbox.HiddenInput aria-label={t('collecting.view.choose', { line: l.lineNo, name: l.proposal!.member ?? '' })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                    <Stack gap="1" minW="0" flex="1">
                      <LineFacts line={l} money={money} />
                      <HStack gap="2" flexWrap="wrap">
                        <Text fontSize="sm">{t('collecting.view.proposal', { name: l.proposal!.member ?? t('finances.unknownMember'), amount: money(l.proposal!.amount), date: formatDate(l.proposal!.declaredAt, { style: 'short' }) })}</Text>
                        <Badge colorPalette="blue" data-testid="match-why">
                          {t(WHY_KEY[l.proposal!.why])}
                        </Badge>
                      </HStack>
                      {l.proposal!.amountDiffers && (
                        <Alert.Root status="warning" size="sm">
                          <Alert.Indicator />
                          <Alert.Description>{t('collecting.view.amountDiffers', { line: money(l.amount), declared: money(l.proposal!.amount) })}</Alert.Description>
                        </Alert.Root>
                      )}
                    </Stack>
                  </HStack>
                </Stack>
              ))}
            </RuledList>
          )}
          <Results results={[...results.values()]} lines={lines} />
        </Stack>
        <Stack gap="3" as="section" aria-labelledby="statement-unmatched">
          <Text as="h3" fontWeight="semibold" id="statement-unmatched">
            {t('collecting.view.unmatched')} <Badge colorPalette={unmatched.length ? 'orange' : 'gray'}>{formatNumber(unmatched.length)}</Badge>
          </Text>
          {unmatched.length === 0 ? (
            <EmptyNote icon={<CircleCheck />}>{t('collecting.view.noUnmatched')}</EmptyNote>
          ) : (
            <RuledList>
              {unmatched.map((l) => {
                const summary = t('collecting.view.lineSummary', { line: l.lineNo, amount: money(l.amount), date: day(l.bookedOn) });
                return (
                  <Stack as="li" key={l.id} gap="2" py="3" direction={{ base: 'column', md: 'row' }} justify="space-between" data-testid="statement-unmatched">
                    <Box minW="0">
                      <LineFacts line={l} money={money} />
                    </Box>
                    <HStack gap="2" flexShrink={0} flexWrap="wrap">
                      <RecordLineDialog
                        communityId={communityId}
                        lineId={l.id}
                        summary={summary}
                        trigger={<ButtonWithIcon icon={HandCoins} variant="outline" aria-label={t('collecting.view.recordLabel', { line: l.lineNo })}>{t('collecting.view.record')}</ButtonWithIcon>}
                      />
                      <IgnoreLine lineId={l.id} lineNo={l.lineNo} summary={summary} />
                    </HStack>
                  </Stack>
                );
              })}
            </RuledList>
          )}
        </Stack>
        {decided.length > 0 && (
          <Stack gap="3" as="section" aria-labelledby="statement-decided">
            <Text as="h3" fontWeight="semibold" id="statement-decided">
              {t('collecting.view.decided')} <Badge>{formatNumber(decided.length)}</Badge>
            </Text>
            <RuledList>
              {decided.map((l) => (
                <Stack as="li" key={l.id} gap="1" py="2" data-testid="statement-decided">
                  <LineFacts line={l} money={money} />
                  {l.reason && <Text fontSize="sm" color="fg.muted">{t('collecting.view.reason', { reason: l.reason })}</Text>}
                </Stack>
              ))}
            </RuledList>
          </Stack>
        )}
      </BooksStates>
    </Stack>
  );
}

/** What a line says: its number, day and amount, its status, and the reference, transaction id and counterparty it carries. */
function LineFacts({ line: l, money }: { line: StatementLine; money: (n: number) => string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="0" minW="0">
      <HStack gap="2" flexWrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          {t('collecting.view.line', { line: l.lineNo })}
        </Text>
        <Text fontWeight="semibold">{money(l.amount)}</Text>
        <Text fontSize="sm">{day(l.bookedOn)}</Text>
        {l.status !== 'open' && <Badge colorPalette={LINE_STATUS_COLOR[l.status]}>{t(LINE_STATUS_KEY[l.status])}</Badge>}
      </HStack>
      <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
        {[l.counterparty, l.reference, l.transactionId && t('collecting.sms.transaction', { id: l.transactionId })].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

function IgnoreLine({ lineId, lineNo, summary }: { lineId: number; lineNo: number; summary: string }) {
  const { t } = useTranslation();
  const act = useAction(COLLECTING_KEYS, { wait: true });
  const ignore = useMutation(trpc.collecting.ignoreLine.mutationOptions());
  return (
    <FinanceReasonDialog
      title={t('collecting.view.ignoreTitle')}
      trigger={<ButtonWithIcon icon={X} variant="ghost" aria-label={t('collecting.view.ignoreLabel', { line: lineNo })}>{t('collecting.view.ignore')}</ButtonWithIcon>}
      intro={summary}
      helper={t('collecting.view.ignoreHelp')}
      submitLabel={t('collecting.view.ignoreSubmit')}
      onSubmit={(reason) => act(() => ignore.mutateAsync({ id: lineId, reason }), t('collecting.view.ignoreFailed'), t('collecting.view.ignored'))}
    />
  );
}

/** What each confirmation did: its receipt number, or why it was refused (another officer's, decided meanwhile…). */
function Results({ results, lines }: { results: MatchResult[]; lines: StatementLine[] }) {
  const { t } = useTranslation();
  if (results.length === 0) return null;
  const lineNo = new Map(lines.map((l) => [l.id, l.lineNo]));
  return (
    <Stack as="ul" listStyleType="none" gap="1" aria-live="polite" data-testid="match-results">
      {results.map((r) => (
        <Text as="li" key={r.lineId} fontSize="sm" color={r.outcome === 'confirmed' ? 'green.fg' : 'red.fg'} data-testid="match-result">
          {r.outcome === 'confirmed'
            ? t('collecting.view.resultConfirmed', { line: lineNo.get(r.lineId) ?? '', number: r.receiptNo ?? '' })
            : t('collecting.view.resultRefused', { line: lineNo.get(r.lineId) ?? '', message: r.message ?? '' })}
        </Text>
      ))}
    </Stack>
  );
}
