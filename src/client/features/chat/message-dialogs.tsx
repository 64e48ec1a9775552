import { Button, chakra, Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageDto } from '@shared/chat/protocol';
import { MUTE_REASON_MAX, REPORT_REASON_MAX } from '@shared/chat/rules';
import { DialogFrame } from '../../components/dialog-frame';
import { FormField } from '../../components/form-field';
import { Select } from '../../components/select';

/*
 * The questions asked before acting on a message: deleting it, reporting it, muting its author
 * in the channel. Opened from the message's menu, so they are controlled by the view (a menu item
 * cannot hold a dialog). Each stays open when its action fails (the action reports the failure).
 */

/**
 * A chat dialog the view opens and closes (`open`, `onClose`): its title, a form of `children`
 * sent by Enter or its submit button, and Cancel beside the `footer` (the submit button). An
 * alert dialog unless `wide` (the new conversation and channel forms: full screen on a phone, the
 * body scrolling between the header and the buttons).
 */
export function ChatDialog(props: { open: boolean; onClose: () => void; title: string; children: ReactNode; footer: ReactNode; onSubmit: () => void; testId: string; wide?: boolean }) {
  const { t } = useTranslation();
  const root = props.wide ? ({ size: { base: 'full', sm: 'md' }, scrollBehavior: 'inside' } as const) : ({ role: 'alertdialog', size: 'sm', placement: 'center' } as const);
  return (
    <DialogFrame open={props.open} onOpenChange={(open) => !open && props.onClose()} title={props.title} closeLabel={null} {...root}>
      <chakra.form
        noValidate
        display="contents"
        data-testid={props.testId}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <Dialog.Body>
          <Stack gap="4">{props.children}</Stack>
        </Dialog.Body>
        <Dialog.Footer flexWrap="wrap">
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </Dialog.ActionTrigger>
          {props.footer}
        </Dialog.Footer>
      </chakra.form>
    </DialogFrame>
  );
}

function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<boolean>, onDone: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      if (await action()) onDone();
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

export function DeleteMessageDialog({ message, onClose, onConfirm }: { message: MessageDto | null; onClose: () => void; onConfirm: (m: MessageDto) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [busy, run] = useBusy();
  return (
    <ChatDialog
      open={message !== null}
      onClose={onClose}
      title={t('chat.screen.message.deleteTitle')}
      testId="delete-message-dialog"
      onSubmit={() => message && void run(() => onConfirm(message), onClose)}
      footer={
        <Button type="submit" colorPalette="red" loading={busy} data-testid="delete-message-confirm">
          {t('chat.screen.message.deleteConfirm')}
        </Button>
      }
    >
      <Text>{t('chat.screen.message.deleteBody')}</Text>
    </ChatDialog>
  );
}

export function ReportDialog({ message, onClose, onConfirm }: { message: MessageDto | null; onClose: () => void; onConfirm: (m: MessageDto, reason: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [busy, run] = useBusy();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  return (
    <ChatDialog
      open={message !== null}
      onClose={close}
      title={t('chat.screen.report.title')}
      testId="report-dialog"
      onSubmit={() => {
        if (!message) return;
        if (!reason.trim()) {
          setError(t('chat.screen.report.reasonHelp', { max: REPORT_REASON_MAX }));
          document.getElementById('chat-report-reason')?.focus();
          return;
        }
        void run(() => onConfirm(message, reason.trim()), close);
      }}
      footer={
        <Button type="submit" colorPalette="brand" loading={busy} data-testid="report-confirm">
          {t('chat.screen.report.submit')}
        </Button>
      }
    >
      <Text>{t('chat.screen.report.body')}</Text>
      <FormField name="chat-report-reason" label={t('chat.screen.report.reason')} helper={t('chat.screen.report.reasonHelp', { max: REPORT_REASON_MAX })} error={error} required>
        <Textarea
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          rows={3}
          maxLength={REPORT_REASON_MAX}
        />
      </FormField>
    </ChatDialog>
  );
}

const DURATIONS = [
  { minutes: 15, label: 'chat.screen.muteMember.minutes15' },
  { minutes: 60, label: 'chat.screen.muteMember.hour1' },
  { minutes: 24 * 60, label: 'chat.screen.muteMember.hours24' },
  { minutes: 7 * 24 * 60, label: 'chat.screen.muteMember.days7' },
] as const;

export function MuteMemberDialog(props: { message: MessageDto | null; onClose: () => void; onConfirm: (userId: string, name: string, minutes: number, reason: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [busy, run] = useBusy();
  const [minutes, setMinutes] = useState(60);
  const [reason, setReason] = useState('');
  const author = props.message?.author;
  const close = () => {
    setReason('');
    props.onClose();
  };
  return (
    <ChatDialog
      open={props.message !== null}
      onClose={close}
      title={t('chat.screen.muteMember.title', { name: author?.name ?? '' })}
      testId="mute-member-dialog"
      onSubmit={() => author && void run(() => props.onConfirm(author.id, author.name, minutes, reason.trim()), close)}
      footer={
        <Button type="submit" colorPalette="red" loading={busy} data-testid="mute-member-confirm">
          {t('chat.screen.muteMember.submit')}
        </Button>
      }
    >
      <Text>{t('chat.screen.muteMember.body')}</Text>
      <FormField name="chat-mute-duration" label={t('chat.screen.muteMember.duration')}>
        <Select value={minutes} onChange={(e) => setMinutes(Number(e.target.value))} options={DURATIONS.map((d) => ({ value: d.minutes, label: t(d.label) }))} />
      </FormField>
      <FormField name="chat-mute-reason" label={t('chat.screen.muteMember.reason')}>
        <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={MUTE_REASON_MAX} />
      </FormField>
    </ChatDialog>
  );
}
