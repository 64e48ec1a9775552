import { Alert, Text, Textarea, type DialogRootProps } from '@chakra-ui/react';
import { useId, useState, type ReactElement } from 'react';
import { DialogForm } from './dialog-form';
import { FormDialog } from './form-dialog';
import { FormField } from './form-field';
import { notify } from './toaster';

export type ReasonDialogProps = {
  trigger: ReactElement;
  title: string;
  /** What is about to happen, above the reason. */
  intro: string;
  /** The intro as a warning: the action touches others (cancelling an event, a poll). */
  warn?: boolean;
  label: string;
  helper?: string;
  submitLabel: string;
  busyLabel?: string;
  cancelLabel?: string;
  /** What the field says when left empty; without it the reason is optional. */
  required?: string;
  /** The toast's title when the reason is missing (the message under it); without it only the field says so. */
  invalid?: string;
  max: number;
  rows?: number;
  /** A red submit (the default): the action refuses, removes or reports something. */
  destructive?: boolean;
  size?: DialogRootProps['size'];
  /** 'dialog' where the action is a form of its own rather than a question (the books' reasons). */
  role?: 'dialog' | 'alertdialog';
  testIds?: { form?: string; reason?: string; submit?: string };
  /** Runs the action with the reason (trimmed, '' when none was given); the dialog closes when it resolves true. */
  onSubmit: (reason: string) => Promise<boolean>;
};

/**
 * An action asked for with its reason: rejecting a payment, disputing a payout, hiding a post,
 * cancelling a poll. One dialog for all of them: the intro, the reason (required unless no
 * `required` message is given) and the action's button, busy while it runs. A failed action keeps
 * the dialog open; `onSubmit` reports its own failure.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <FormDialog title={props.title} trigger={props.trigger} size={props.size ?? 'sm'} role={props.role ?? 'alertdialog'}>
      {(close) => <ReasonForm {...props} close={close} />}
    </FormDialog>
  );
}

function ReasonForm({ close, ...props }: ReasonDialogProps & { close: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = `reason-${useId().replace(/:/g, '')}`;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const r = reason.trim();
    if (!r && props.required) {
      setError(props.required);
      if (props.invalid) notify.error(props.invalid, props.required);
      document.getElementById(name)?.focus();
      return;
    }
    setBusy(true);
    try {
      if (await props.onSubmit(r)) close();
    } finally {
      setBusy(false);
    }
  }
  return (
    <DialogForm
      onSubmit={(e) => void submit(e)}
      onCancel={close}
      submitLabel={props.submitLabel}
      busy={busy}
      busyLabel={props.busyLabel}
      cancelLabel={props.cancelLabel}
      destructive={props.destructive ?? true}
      testId={props.testIds?.form}
      submitTestId={props.testIds?.submit}
    >
      {props.warn ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{props.intro}</Alert.Title>
        </Alert.Root>
      ) : (
        <Text>{props.intro}</Text>
      )}
      <FormField name={name} label={props.label} error={error} helper={props.helper} required={!!props.required}>
        <Textarea
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          rows={props.rows ?? 3}
          maxLength={props.max}
          data-testid={props.testIds?.reason}
        />
      </FormField>
    </DialogForm>
  );
}
