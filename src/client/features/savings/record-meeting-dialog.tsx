import { Box, Button, Checkbox, Grid, HStack, IconButton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FINE_REASONS, type FineReason } from '@shared/savings/rules';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { Select } from '../../components/select';
import { notify } from '../../components/toaster';
import { formatAmount } from '../../lib/format';
import { trpc } from '../../trpc';
import { fineReasonKey } from './labels';
import { memberName } from './members-card';
import { PaymentFields, usePayment } from './payment-fields';
import type { Group, Meeting } from './queries';
import { useSavingsAction } from './use-savings-action';

/*
 * An officer records a meeting's money in one go, on a phone in the meeting: every member on a
 * row with a shares stepper (none, or the cycle's least to its most) and the social fund, then
 * the fines (member and reason; the rules price them). One submit posts the lines; each waits for
 * a second officer. The total shown is the rules' prices times what was entered, for the officer
 * to count the cash against; what counts is what the server records.
 */

type Line = { shares: number; socialFund: boolean };
type Fine = { userId: string; reason: FineReason };

const FINE_RULE: Record<FineReason, 'fineLate' | 'fineAbsent' | 'fineMissedShares'> = { late: 'fineLate', absent: 'fineAbsent', missed_shares: 'fineMissedShares' };

export const RecordMeetingDialog = formDialog(RecordMeetingForm, (t, p) => t('savings.record.title', { number: p.meeting.number }), { base: 'full', md: 'lg' });

function RecordMeetingForm({ g, meeting, onDone }: { g: Group; meeting: Meeting; onDone: () => void }) {
  const { t } = useTranslation();
  const rules = g.cycle!.rules;
  const members = g.members.filter((m) => m.status === 'active');
  const [lines, setLines] = useState<Record<string, Line>>({});
  const [fines, setFines] = useState<Fine[]>([]);
  const { payment, fields } = usePayment();
  const record = useMutation(trpc.savings.recordMeeting.mutationOptions());
  const act = useSavingsAction();
  const fineReasons = FINE_REASONS.filter((r) => rules[FINE_RULE[r]] > 0);
  const lineOf = (userId: string): Line => lines[userId] ?? { shares: 0, socialFund: false };
  const setLine = (userId: string, change: Partial<Line>) => setLines({ ...lines, [userId]: { ...lineOf(userId), ...change } });
  // One step from none goes to the least a member may buy, and back.
  const step = (shares: number, by: 1 | -1) => (by === 1 ? (shares === 0 ? rules.minShares : Math.min(rules.maxShares, shares + 1)) : shares <= rules.minShares ? 0 : shares - 1);
  const total =
    members.reduce((s, m) => s + lineOf(m.userId).shares * rules.sharePrice + (lineOf(m.userId).socialFund ? rules.socialFund : 0), 0) + fines.reduce((s, f) => s + rules[FINE_RULE[f.reason]], 0);

  function body() {
    return members
      .map((m) => {
        const l = lineOf(m.userId);
        const reasons = [...new Set(fines.filter((f) => f.userId === m.userId).map((f) => f.reason))];
        return { userId: m.userId, ...(l.shares > 0 ? { shares: l.shares } : {}), ...(l.socialFund ? { socialFund: true } : {}), ...(reasons.length ? { fines: reasons } : {}) };
      })
      .filter((l) => Object.keys(l).length > 1);
  }
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const out = body();
    if (!out.length) {
      notify.error(t('savings.actionFailed'), t('savings.record.nothing'));
      return;
    }
    const ok = await act(() => record.mutateAsync({ meetingId: meeting.id, ...payment, lines: out }), t('savings.actionFailed'), (rows) => t('savings.record.done', { count: rows.length }));
    if (ok) onDone();
  }
  return (
    <DialogForm onSubmit={(e) => void onSubmit(e)} onCancel={onDone} submitLabel={t('savings.record.submit')} busy={record.isPending} testId="record-meeting-form">
      <Text fontSize="sm" color="fg.muted">
        {t('savings.record.intro')}
      </Text>
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => setLines(Object.fromEntries(members.map((m) => [m.userId, { ...lineOf(m.userId), shares: lineOf(m.userId).shares || rules.minShares }])))}
      >
        {t('savings.record.everyone', { count: rules.minShares })}
      </Button>
      <Stack as="ul" gap="0" listStyleType="none" css={{ '& > li + li': { borderTopWidth: '1px' } }}>
        {members.map((m) => {
          const name = memberName(m);
          const l = lineOf(m.userId);
          return (
            <Box as="li" key={m.userId} py="2" data-testid="record-line" data-member={name}>
              <Text fontWeight="medium" overflowWrap="anywhere">
                {name}
              </Text>
              <HStack justify="space-between" gap="3" flexWrap="wrap">
                <HStack gap="1" role="group" aria-label={t('savings.record.sharesOf', { name })}>
                  <IconButton size="lg" variant="outline" aria-label={t('savings.record.fewer', { name })} onClick={() => setLine(m.userId, { shares: step(l.shares, -1) })} disabled={l.shares === 0}>
                    <Minus />
                  </IconButton>
                  <Text minW="10" textAlign="center" fontSize="lg" fontWeight="semibold" aria-live="polite" data-testid="shares">
                    {l.shares}
                  </Text>
                  <IconButton size="lg" variant="outline" aria-label={t('savings.record.more', { name })} onClick={() => setLine(m.userId, { shares: step(l.shares, 1) })} disabled={l.shares >= rules.maxShares}>
                    <Plus />
                  </IconButton>
                </HStack>
                {rules.socialFund > 0 && (
                  <Checkbox.Root size="lg" checked={l.socialFund} onCheckedChange={(d) => setLine(m.userId, { socialFund: d.checked === true })}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      {t('savings.record.socialFund', { amount: formatAmount(rules.socialFund, g.currency) })}
                      {/* Every row's box says whose it is to a screen reader. */}
                      <VisuallyHidden> · {name}</VisuallyHidden>
                    </Checkbox.Label>
                  </Checkbox.Root>
                )}
              </HStack>
            </Box>
          );
        })}
      </Stack>
      <Stack gap="2" data-testid="record-fines">
        <Text fontWeight="semibold">{t('savings.record.fines')}</Text>
        {fineReasons.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('savings.record.noFines')}
          </Text>
        ) : (
          <>
            {fines.map((f, i) => (
              <Grid key={i} templateColumns="minmax(0, 1fr) minmax(0, 1fr) auto" gap="2" alignItems="center" data-testid="fine-line">
                <Select
                  aria-label={t('savings.record.fineMember')}
                  value={f.userId}
                  onChange={(e) => setFines(fines.map((x, j) => (j === i ? { ...x, userId: e.target.value } : x)))}
                  options={members.map((m) => ({ value: m.userId, label: memberName(m) }))}
                />
                <Select
                  aria-label={t('savings.record.fineReason')}
                  value={f.reason}
                  onChange={(e) => setFines(fines.map((x, j) => (j === i ? { ...x, reason: e.target.value as FineReason } : x)))}
                  options={fineReasons.map((r) => ({ value: r, label: `${t(fineReasonKey(r))} (${formatAmount(rules[FINE_RULE[r]], g.currency)})` }))}
                />
                <IconButton variant="ghost" aria-label={t('savings.record.removeFine')} onClick={() => setFines(fines.filter((_, j) => j !== i))}>
                  <Trash2 />
                </IconButton>
              </Grid>
            ))}
            <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setFines([...fines, { userId: members[0]?.userId ?? '', reason: fineReasons[0]! }])}>
              <Plus aria-hidden /> {t('savings.record.addFine')}
            </Button>
          </>
        )}
      </Stack>
      <PaymentFields fields={fields} idPrefix="record" />
      <Text fontWeight="semibold" aria-live="polite" data-testid="record-total">
        {t('savings.record.total', { amount: formatAmount(total, g.currency) })}
      </Text>
    </DialogForm>
  );
}
