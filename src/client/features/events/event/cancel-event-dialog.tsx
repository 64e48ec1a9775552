import { Alert, Button, chakra, Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EDIT_SCOPES } from '@shared/schemas/events';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { trpc } from '../../../trpc';
import type { EventDetail } from '../event-types';
import { ScopeChoice } from './scope-choice';
import { useEventAction } from './use-event-action';

const REASON_MAX = 300;
const cancelForm = z.object({
  reason: z.string().trim().min(1, 'validation.events.reason').max(REASON_MAX, 'validation.events.reasonLong'),
  scope: z.enum(EDIT_SCOPES, { message: 'validation.events.scope' }),
});

/** A host cancels the event (for a series: or it and the following ones) with a reason everyone who answered is told. */
export function CancelEventDialog({ event, trigger, onCancelled }: { event: EventDetail; trigger: ReactElement; onCancelled?: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('event.cancel.title', { title: event.title })} trigger={trigger} size={{ base: 'full', sm: 'md' }}>
      {(close) => <CancelForm
          event={event}
          onDone={(done) => {
            close();
            if (done) onCancelled?.();
          }}
        />}
    </FormDialog>
  );
}

function CancelForm({ event: e, onDone }: { event: EventDetail; onDone: (cancelled?: boolean) => void }) {
  const { t } = useTranslation();
  const run = useEventAction();
  const cancel = useMutation(trpc.events.cancel.mutationOptions());
  const form = useZodForm(cancelForm, { reason: '', scope: 'one' });
  const reasonLength = form.values.reason.trim().length;

  const onSubmit = form.submit(t('event.invalid'), async (v) => {
    const ok = await run(
      () => cancel.mutateAsync({ id: e.id, scope: e.seriesId === null ? 'one' : v.scope, reason: v.reason }),
      t('event.cancel.failed'),
      (r) => ({ title: t('event.cancel.done', { count: r.cancelled }), body: t('event.cancel.doneBody') }),
      form.applyServerError,
    );
    if (ok) onDone(true);
  });

  return (
    // display: contents keeps Body and Footer the dialog's own children, so the body scrolls on a phone and the buttons stay in view.
    <chakra.form onSubmit={onSubmit} noValidate display="contents" data-testid="cancel-event-form">
      <Dialog.Body>
        <Stack gap="4">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{t('event.cancel.intro')}</Alert.Title>
          </Alert.Root>
          <FormField name="reason" label={t('event.cancel.reason')} error={form.errors.reason} helper={t('event.cancel.reasonHelp')} required>
            <Textarea {...form.field('reason')} rows={3} maxLength={REASON_MAX} data-testid="cancel-reason" />
          </FormField>
          <Text fontSize="xs" color="fg.muted" textAlign="end" mt="-3" aria-hidden>
            {reasonLength}/{REASON_MAX}
          </Text>
          {e.seriesId !== null && (
            <ScopeChoice
              name="cancel-scope"
              legend={t('event.cancel.scope.label')}
              value={form.values.scope}
              onChange={(scope) => form.setValue('scope', scope)}
              options={EDIT_SCOPES.map((s) => ({ value: s, label: t(s === 'one' ? 'event.cancel.scope.one' : 'event.cancel.scope.following') }))}
            />
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        {/* Not "Cancel": next to "Cancel event" it would say the opposite of what it does. */}
        <Button variant="outline" type="button" onClick={() => onDone()}>
          {t('event.cancel.keep')}
        </Button>
        <Button type="submit" colorPalette="red" loading={cancel.isPending} loadingText={t('event.saving')} data-testid="cancel-submit">
          {t('event.cancel.submit')}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}
