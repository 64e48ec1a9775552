import { Button, Dialog, Input, InputGroup, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MessageKey } from '@shared/i18n/catalogue';
import { CURRENCY_CODES, isCurrency, parseAmount, type Currency } from '@shared/money';
import { FEE_CAP_BPS } from '@shared/njangi/money';
import { FINE_KINDS, FREQUENCIES, PAYOUT_METHODS, type FineKind, type PayoutMethod } from '@shared/njangi/rules';
import { dateInZone, isValidDate, isValidTimeZone, weekdayOf } from '@shared/njangi/schedule';
import { createCircleInput } from '@shared/schemas/njangi';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { currentLocale } from '../../i18n';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { seesFinances, type Community } from '../communities/membership';
import { amountText, MoneyInput, optionalAmountText } from '../finances/money-input';
import { financeSummaryQuery } from '../finances/queries';
import { ChoiceCardList, Section } from '../events/event-form-fields';
import { myCommunitiesQuery, refreshCircles } from './queries';
import { FREQUENCY_KEY, mayOrganise } from './labels';
import { formatAmount, formatWeekday, inputDay, viewerTimeZone } from '../../lib/format';
import { ZoneSelect } from '../../components/zone-select';
import { ListStates } from '../../components/list-states';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';

/*
 * "Start a savings circle": a new circle's rules. Opened from a community (its Savings tab) the
 * community is given; opened from /njangi or the dashboard the caller first chooses one of their
 * communities where they may organise. On success the circle's own page opens.
 */

const FINE_KEY = { none: 'circles.create.fine.none', fixed: 'circles.create.fine.fixed', percent: 'circles.create.fine.percent' } as const satisfies Record<FineKind, MessageKey>;
const METHOD_KEY = {
  fixed: { label: 'circles.payoutMethod.fixed.label', help: 'circles.payoutMethod.fixed.help' },
  random: { label: 'circles.payoutMethod.random.label', help: 'circles.payoutMethod.random.help' },
  auction: { label: 'circles.payoutMethod.auction.label', help: 'circles.payoutMethod.auction.help' },
} as const satisfies Record<PayoutMethod, { label: MessageKey; help: MessageKey }>;

/**
 * A percentage as typed ("2.5", "2,5", "5 %"), in basis points (250), exactly: up to two decimals,
 * read from the digits, never through a float. Null when it is not one.
 */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.replace(/[\s\u00a0\u202f%]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const shape = createCircleInput.shape;

/**
 * The procedure's own rules for every field it shares with the form; the amounts as typed in the
 * chosen currency, the fine by its kind, percentages as typed. Community and currency are chosen
 * outside the form (the amounts' schema depends on the currency).
 */
const circleForm = (currency: Currency) =>
  z
    .object({
      name: shape.name,
      description: shape.description,
      contribution: amountText(currency),
      frequency: shape.frequency,
      startDate: shape.startDate,
      timeZone: shape.timeZone,
      hands: shape.hands,
      maxHandsPerMember: shape.maxHandsPerMember,
      payoutMethod: shape.payoutMethod,
      graceDays: shape.graceDays,
      fineKind: shape.fineKind,
      fineValue: z.string(),
      deposit: optionalAmountText(currency),
      feeBps: z.string().transform((text, ctx) => {
        if (!text.trim()) return 0;
        const bps = percentToBps(text);
        if (bps === null || bps > FEE_CAP_BPS) {
          ctx.addIssue({ code: 'custom', message: 'circles.create.feeInvalid' });
          return z.NEVER;
        }
        return bps;
      }),
    })
    .superRefine((v, ctx) => {
      // A first meeting already past where the circle meets would open with a round overdue.
      if (isValidDate(v.startDate) && isValidTimeZone(v.timeZone) && v.startDate < dateInZone(Date.now(), v.timeZone)) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'circles.create.startPast' });
      }
      if (typeof v.hands === 'number' && typeof v.maxHandsPerMember === 'number' && v.maxHandsPerMember > v.hands) {
        ctx.addIssue({ code: 'custom', path: ['maxHandsPerMember'], message: 'circles.create.maxHandsTooMany' });
      }
      if (v.fineKind === 'fixed' && !(parseAmount(v.fineValue, currency) ?? 0)) {
        ctx.addIssue({ code: 'custom', path: ['fineValue'], message: 'validation.njangi.fineValue' });
      }
      if (v.fineKind === 'percent') {
        const bps = percentToBps(v.fineValue);
        if (!bps) ctx.addIssue({ code: 'custom', path: ['fineValue'], message: 'circles.create.percentInvalid' });
        else if (bps > 10_000) ctx.addIssue({ code: 'custom', path: ['fineValue'], message: 'validation.njangi.finePercent' });
      }
    })
    .transform(({ fineValue, deposit, ...v }) => ({
      ...v,
      // A fixed fine in the currency's minor units, a percentage in basis points (as the server stores them).
      fineValue: v.fineKind === 'fixed' ? parseAmount(fineValue, currency)! : v.fineKind === 'percent' ? percentToBps(fineValue)! : 0,
      deposit: deposit ?? 0,
    }));

/** Today in the browser's zone, 'YYYY-MM-DD'. */
export function CreateCircleDialog({ trigger, community, defaultOpen }: { trigger: ReactElement; community?: Community; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('circles.create.title')} trigger={trigger} size={{ base: 'full', md: 'lg' }} defaultOpen={defaultOpen}>
      {(close) =>
        community ? (
          <CircleForm communities={[community]} fixed onDone={close} />
        ) : (
          <ChooseCommunity onDone={close} />
        )
      }
    </FormDialog>
  );
}

/** The caller's communities where they may start a circle; the form once they are known. */
function ChooseCommunity({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(myCommunitiesQuery());
  const organisable = useMemo(() => (q.data?.items ?? []).filter(mayOrganise), [q.data]);
  if (q.isPending || q.isError || organisable.length === 0) {
    return (
      <>
        <Dialog.Body>
          <ListStates query={q} loading={t('common.loading')} rows={2} rowHeight="10" failed={t('circles.create.communitiesFailed')} retry={t('circles.page.tryAgain')}>
            <Text role="status">{t('circles.create.noCommunity')}</Text>
          </ListStates>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" type="button" onClick={onDone}>
            {t('common.close')}
          </Button>
        </Dialog.Footer>
      </>
    );
  }
  return <CircleForm communities={organisable} onDone={onDone} />;
}

function CircleForm({ communities, fixed, onDone }: { communities: Community[]; fixed?: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [communityId, setCommunityId] = useState(communities[0]!.id);
  const community = communities.find((c) => c.id === communityId) ?? communities[0]!;
  // The currency defaults to the community's books currency when its books are open, else XAF,
  // until the organiser picks one.
  const books = useQuery({ ...financeSummaryQuery(community.id), enabled: seesFinances(community.role) });
  const [chosenCurrency, setChosenCurrency] = useState<Currency | null>(null);
  const booksCurrency = books.data?.opened && isCurrency(books.data.currency) ? books.data.currency : null;
  const currency: Currency = chosenCurrency ?? booksCurrency ?? 'XAF';
  const form = useZodForm(circleForm(currency), {
    name: '',
    description: '',
    contribution: '',
    frequency: 'monthly',
    startDate: inputDay(),
    timeZone: viewerTimeZone(),
    hands: '10',
    maxHandsPerMember: '1',
    payoutMethod: 'random',
    graceDays: '0',
    fineKind: 'none',
    fineValue: '',
    deposit: '',
    feeBps: '',
  });
  const create = useMutation(trpc.njangi.create.mutationOptions());
  const v = form.values;
  const currencyNames = useMemo(() => new Intl.DisplayNames([currentLocale()], { type: 'currency' }), []);
  // Errors the server puts on the fields chosen outside the form.
  const clearError = (field: string) => form.setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const onSubmit = form.submit(t('circles.create.invalid'), async (v) => {
    try {
      const circle = await create.mutateAsync({ communityId: community.id, currency, ...v });
      notify.success(t('circles.create.created'), t('circles.create.createdBody', { name: circle.name }));
      await refreshCircles(queryClient);
      onDone();
      void navigate({ to: '/njangi/$id', params: { id: String(circle.id) } });
    } catch (error) {
      notify.error(t('circles.create.failed'), form.applyServerError(error).message);
    }
  });

  const hands = Number(v.hands);
  const contribution = parseAmount(String(v.contribution), currency);
  const pot = contribution && Number.isInteger(hands) && hands >= 2 ? t('circles.create.pot', { amount: formatAmount(contribution * hands, currency) }) : null;

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('circles.create.submit')} busy={create.isPending} busyLabel={t('circles.create.saving')}>
      <Stack gap="6">
        <Section legend={t('circles.create.sectionCircle')}>
          {fixed ? (
            <Text color="fg.muted">{t('circles.create.inCommunity', { name: community.name })}</Text>
          ) : (
            <FormField name="communityId" label={t('circles.create.community')} error={form.errors.communityId} helper={t('circles.create.communityHelp')}>
              <Select
                value={String(communityId)}
                onChange={(e) => {
                  setCommunityId(Number(e.target.value));
                  clearError('communityId');
                }}
                options={communities.map((c) => ({ value: String(c.id), label: c.name }))}
              />
            </FormField>
          )}
          <FormField name="name" label={t('circles.create.name')} error={form.errors.name} required>
            <Input {...form.field('name')} placeholder={t('circles.create.namePlaceholder')} maxLength={80} autoComplete="off" />
          </FormField>
          <FormField name="description" label={t('circles.create.description')} error={form.errors.description} helper={t('circles.create.descriptionHelp')}>
            <Textarea {...form.field('description')} rows={2} maxLength={2000} />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField name="currency" label={t('circles.create.currency')} error={form.errors.currency}>
              <Select
                value={currency}
                onChange={(e) => {
                  if (isCurrency(e.target.value)) setChosenCurrency(e.target.value);
                  clearError('currency');
                }}
                options={CURRENCY_CODES.map((code) => ({ value: code, label: `${code} · ${currencyNames.of(code) ?? code}` }))}
              />
            </FormField>
            <FormField name="contribution" label={t('circles.create.contribution')} error={form.errors.contribution} helper={pot ?? t('circles.create.contributionHelp')} required>
              <MoneyInput currency={currency} {...form.field('contribution')} />
            </FormField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField name="hands" label={t('circles.create.hands')} error={form.errors.hands} helper={t('circles.create.handsHelp')} required>
              <Input type="number" inputMode="numeric" min={2} max={60} step={1} {...form.field('hands')} />
            </FormField>
            <FormField name="maxHandsPerMember" label={t('circles.create.maxHands')} error={form.errors.maxHandsPerMember} helper={t('circles.create.maxHandsHelp')}>
              <Input type="number" inputMode="numeric" min={1} max={60} step={1} {...form.field('maxHandsPerMember')} />
            </FormField>
          </SimpleGrid>
        </Section>

        <Section legend={t('circles.create.sectionSchedule')}>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField name="frequency" label={t('circles.create.frequency')} error={form.errors.frequency}>
              <Select {...form.field('frequency')} options={FREQUENCIES.map((f) => ({ value: f, label: t(FREQUENCY_KEY[f]) }))} />
            </FormField>
            <FormField name="startDate" label={t('circles.create.startDate')} error={form.errors.startDate} helper={<Meets date={String(v.startDate)} frequency={v.frequency} />} required>
              <Input type="date" min={inputDay()} {...form.field('startDate')} />
            </FormField>
          </SimpleGrid>
          <FormField name="timeZone" label={t('circles.create.timeZone')} error={form.errors.timeZone} helper={t('circles.create.timeZoneHelp')}>
            <ZoneSelect value={String(v.timeZone)} onChange={(zone) => form.setValue('timeZone', zone)} />
          </FormField>
        </Section>

        <Section legend={t('circles.create.sectionPayout')} id="payoutMethod" tabIndex={-1}>
          <ChoiceCardList
            name="payoutMethod"
            value={v.payoutMethod}
            options={PAYOUT_METHODS.map((m) => ({ value: m, label: t(METHOD_KEY[m].label), help: t(METHOD_KEY[m].help) }))}
            onChange={(m) => form.setValue('payoutMethod', m)}
          />
          {form.errors.payoutMethod && (
            <Text color="fg.error" fontSize="sm">
              {form.errors.payoutMethod}
            </Text>
          )}
        </Section>

        <Section legend={t('circles.create.sectionRules')}>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField name="graceDays" label={t('circles.create.graceDays')} error={form.errors.graceDays} helper={t('circles.create.graceDaysHelp')}>
              <Input type="number" inputMode="numeric" min={0} max={30} step={1} {...form.field('graceDays')} />
            </FormField>
            <FormField name="fineKind" label={t('circles.create.fineKind')} error={form.errors.fineKind}>
              <Select {...form.field('fineKind')} options={FINE_KINDS.map((k) => ({ value: k, label: t(FINE_KEY[k]) }))} />
            </FormField>
          </SimpleGrid>
          {v.fineKind === 'fixed' && (
            <FormField name="fineValue" label={t('circles.create.fineAmount')} error={form.errors.fineValue} required>
              <MoneyInput currency={currency} {...form.field('fineValue')} />
            </FormField>
          )}
          {v.fineKind === 'percent' && (
            <FormField name="fineValue" label={t('circles.create.finePercent')} error={form.errors.fineValue} required>
              <InputGroup endAddon="%">
                <Input inputMode="decimal" autoComplete="off" {...form.field('fineValue')} />
              </InputGroup>
            </FormField>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField name="deposit" label={t('circles.create.deposit')} error={form.errors.deposit} helper={t('circles.create.depositHelp')}>
              <MoneyInput currency={currency} {...form.field('deposit')} />
            </FormField>
            <FormField name="feeBps" label={t('circles.create.fee')} error={form.errors.feeBps} helper={t('circles.create.feeHelp')}>
              <InputGroup endAddon="%">
                <Input inputMode="decimal" autoComplete="off" {...form.field('feeBps')} />
              </InputGroup>
            </FormField>
          </SimpleGrid>
        </Section>
      </Stack>
    </DialogForm>
  );
}

/** A group of the form's fields under its legend (plain fieldset: the theme has no Fieldset recipe). */
/** "Meets every Saturday" / "Meets on day 31 of each month…", under the start date. */
function Meets({ date, frequency }: { date: string; frequency: unknown }) {
  const { t } = useTranslation();
  if (!isValidDate(date)) return null;
  if (frequency === 'monthly') {
    const day = Number(date.slice(8));
    const shown = day === 1 ? t('circles.create.dayOne') : String(day);
    return <>{t(day > 28 ? 'circles.create.meets.monthlyLate' : 'circles.create.meets.monthly', { day: shown })}</>;
  }
  // 1 January 2023 was a Sunday: weekdayOf's 0 … 6 counted from it.
  const weekday = formatWeekday(Date.UTC(2023, 0, 1 + weekdayOf(date)));
  return <>{t(frequency === 'biweekly' ? 'circles.create.meets.biweekly' : 'circles.create.meets.weekly', { weekday })}</>;
}
