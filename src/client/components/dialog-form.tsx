import { Button, chakra, Dialog, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The form inside a FormDialog (components/form-dialog.tsx): its fields, one under the other, in
 * the dialog's body; Cancel and the submit button in its footer, the submit busy while `busy`.
 * Dialog forms use this frame (a few with a footer of their own, such as the upload with its
 * abort or the chat's controlled dialogs, still draw theirs). The form is `display: contents`, so Body and Footer stay
 * the dialog's own children: the body scrolls on a phone and the buttons stay in view.
 */
export function DialogForm(props: {
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  /** The submit button's words while busy. */
  busyLabel?: string;
  /** Cancel's words where "Cancel" would be ambiguous ("Keep event" beside "Cancel event"). */
  cancelLabel?: string;
  /** A red submit, for an action that removes or refuses something. */
  destructive?: boolean;
  disabled?: boolean;
  /** Let the browser check the fields' own rules (`required`, `maxLength`) before submitting, for a form without a schema of its own. */
  browserChecks?: boolean;
  testId?: string;
  submitTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <chakra.form onSubmit={props.onSubmit} noValidate={!props.browserChecks} display="contents" data-testid={props.testId}>
      <Dialog.Body>
        <Stack gap="4">{props.children}</Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button variant="outline" type="button" onClick={props.onCancel}>
          {props.cancelLabel ?? t('common.cancel')}
        </Button>
        <Button type="submit" colorPalette={props.destructive ? 'red' : 'brand'} loading={props.busy} loadingText={props.busyLabel} disabled={props.disabled} data-testid={props.submitTestId}>
          {props.submitLabel}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}
