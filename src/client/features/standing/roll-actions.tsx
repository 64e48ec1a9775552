import { Button, Input, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { instantOfLocal, localOf } from '@shared/events/time';
import { DialogForm } from '../../components/dialog-form';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { ReasonDialog } from '../../components/reason-dialog';
import { Select } from '../../components/select';
import { RowButton } from '../../components/rows';
import { formatDay } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import type { Community } from '../communities/membership';
import { STANDING_KEYS, type Category, type RollRow } from './queries';

/*
 * What a leader decides about one member from their row of the roll: their category (whose dues
 * plans apply to them from now on, so it is asked, not changed on a slip of the select), a
 * suspension with its reason and the day it ends, and lifting one early with why. Each is audited
 * and the member is told (the server's doing).
 */

const DAY = 86_400_000;
/** The community's calendar day `n` days from now ('YYYY-MM-DD'). */
const dayFromNow = (n: number, timeZone: string) => localOf(Date.now() + n * DAY, timeZone).date;

export function CategoryDialog({ community: c, row, categories, trigger }: { community: Community; row: RollRow; categories: Category[]; trigger: ReactElement }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('standing.roll.categoryTitle', { name: row.name })} trigger={trigger} size="sm">
      {(close) => <CategoryForm community={c} row={row} categories={categories} onDone={close} />}
    </FormDialog>
  );
}

const categoryForm = z.object({ categoryId: z.coerce.number({ message: 'validation.standing.categoryId' }).int('validation.standing.categoryId').positive('validation.standing.categoryId') });

function CategoryForm({ community: c, row, categories, onDone }: { community: Community; row: RollRow; categories: Category[]; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useAction(STANDING_KEYS, { wait: true });
  const move = useMutation(trpc.standing.setMemberCategory.mutationOptions());
  const form = useZodForm(categoryForm, { categoryId: String(row.categoryId ?? '') });
  const onSubmit = form.submit(t('standing.roll.categoryInvalid'), async (v) => {
    if (await act(() => move.mutateAsync({ communityId: c.id, userId: row.userId, categoryId: v.categoryId }), t('standing.roll.categoryFailed'), t('standing.roll.categorySaved'), form.applyServerError)) onDone();
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('standing.roll.categorySubmit')} busy={move.isPending} testId="member-category-form">
      <Text>{t('standing.roll.categoryIntro')}</Text>
      <FormField name="categoryId" label={t('standing.roll.category')} error={form.errors.categoryId}>
        <Select {...form.field('categoryId')} id="categoryId" options={categories.map((k) => ({ value: String(k.id), label: k.name }))} />
      </FormField>
    </DialogForm>
  );
}

export function SuspendDialog({ community: c, row }: { community: Community; row: RollRow }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('standing.suspend.title', { name: row.name })}
      role="alertdialog"
      size={{ base: 'full', md: 'md' }}
      trigger={
        <Button size="xs" variant="outline" colorPalette="red" aria-label={t('standing.roll.suspendLabel', { name: row.name })}>
          {t('standing.roll.suspend')}
        </Button>
      }
    >
      {(close) => <SuspendForm community={c} row={row} onDone={close} />}
    </FormDialog>
  );
}

const suspendForm = (today: string) =>
  z.object({
    reason: z.string().trim().min(3, 'validation.standing.reason').max(300, 'validation.standing.reasonLong'),
    endsOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.standing.endsAt').refine((d) => d > today, 'validation.standing.endsAt'),
  });

function SuspendForm({ community: c, row, onDone }: { community: Community; row: RollRow; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useAction(STANDING_KEYS, { wait: true });
  const suspend = useMutation(trpc.standing.suspend.mutationOptions());
  const zone = c.timeZone ?? 'UTC';
  const today = dayFromNow(0, zone);
  const form = useZodForm(suspendForm(today), { reason: '', endsOn: dayFromNow(30, zone) });
  const onSubmit = form.submit(t('standing.suspend.invalid'), async (v) => {
    // Suspended until the start of that day where the community is: back in standing on the day itself.
    const endsAt = instantOfLocal(v.endsOn, '00:00', zone);
    const done = await act(() => suspend.mutateAsync({ communityId: c.id, userId: row.userId, reason: v.reason, endsAt }), t('standing.suspend.failed'), t('standing.suspend.done'), form.applyServerError);
    if (done) onDone();
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('standing.suspend.submit')} busy={suspend.isPending} destructive testId="suspend-form">
      <Text>{t('standing.suspend.intro')}</Text>
      <FormField name="reason" label={t('standing.suspend.reason')} error={form.errors.reason} required>
        <Textarea {...form.field('reason')} id="reason" maxLength={300} rows={3} />
      </FormField>
      <FormField name="endsOn" label={t('standing.suspend.endsAt')} helper={t('standing.suspend.endsHelp', { date: formatDay(form.values.endsOn || today) })} error={form.errors.endsOn} required>
        <Input {...form.field('endsOn')} id="endsOn" type="date" min={dayFromNow(1, zone)} />
      </FormField>
    </DialogForm>
  );
}

export function LiftDialog({ community: c, row }: { community: Community; row: RollRow }) {
  const { t } = useTranslation();
  const act = useAction(STANDING_KEYS, { wait: true });
  const lift = useMutation(trpc.standing.liftSuspension.mutationOptions());
  return (
    <ReasonDialog
      trigger={
        <RowButton label={t('standing.roll.liftLabel', { name: row.name })}>{t('standing.roll.lift')}</RowButton>
      }
      title={t('standing.suspend.liftTitle', { name: row.name })}
      intro={t('standing.suspend.liftIntro', { reason: row.suspensionReason ?? '' })}
      label={t('standing.suspend.liftReason')}
      required={t('validation.standing.reason')}
      invalid={t('standing.suspend.invalid')}
      submitLabel={t('standing.suspend.liftSubmit')}
      destructive={false}
      max={300}
      testIds={{ form: 'lift-form' }}
      onSubmit={(reason) => act(() => lift.mutateAsync({ communityId: c.id, id: row.suspensionId!, reason }), t('standing.suspend.liftFailed'), t('standing.suspend.lifted'))}
    />
  );
}
