import { Button, chakra, Dialog, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASON_MAX } from '@shared/discussions/rules';
import { FormField } from '../../components/form-field';

/**
 * A moderator's action asked for first, with its reason for the audit trail (required unless
 * `optional`). The dialog stays open when the action fails (it reports its own failure).
 */
export function ReasonDialog(props: {
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  optional?: boolean;
  destructive?: boolean;
  onConfirm: (reason: string | undefined) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = `reason-${useId().replace(/:/g, '')}`;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const r = reason.trim();
    if (!r && !props.optional) {
      setError(t('discussions.moderate.reasonRequired'));
      document.getElementById(name)?.focus();
      return;
    }
    setBusy(true);
    try {
      if (await props.onConfirm(r || undefined)) {
        setOpen(false);
        setReason('');
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (!e.open) setError(undefined);
      }}
      role="alertdialog"
      size="sm"
    >
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form onSubmit={(e) => void submit(e)} noValidate data-testid="moderation-form">
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>{props.description}</Text>
                  <FormField
                    name={name}
                    label={t(props.optional ? 'discussions.moderate.reasonOptional' : 'discussions.moderate.reason')}
                    error={error}
                    helper={t('discussions.moderate.reasonHelp')}
                    required={!props.optional}
                  >
                    <Textarea
                      value={reason}
                      onChange={(e) => {
                        setReason(e.target.value);
                        setError(undefined);
                      }}
                      rows={2}
                      maxLength={MODERATION_REASON_MAX}
                      data-testid="moderation-reason"
                    />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('discussions.moderate.cancel')}</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette={props.destructive ? 'red' : 'brand'} loading={busy} data-testid="moderation-confirm">
                  {props.confirmLabel}
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
