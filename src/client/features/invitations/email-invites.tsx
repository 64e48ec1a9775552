import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { INVITE_EMAILS_MAX, INVITE_MESSAGE_MAX, splitAddresses } from '@shared/schemas/invitations';
import { trpc } from '../../trpc';

const isEmail = (s: string) => z.email().safeParse(s).success;
type Summary = { sent: number; alreadyMembers: number; held: number; skipped: number };

/** Several addresses at once (commas, spaces or new lines), an optional message, and what became of each. */
export function EmailInvites({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const send = useMutation(trpc.invitations.send.mutationOptions());
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSummary(null);
    const typed = splitAddresses(text).map((s) => s.toLowerCase());
    const valid = [...new Set(typed.filter(isEmail))];
    if (!valid.length) return setError(t('invitations.email.noneValid'));
    if (valid.length > INVITE_EMAILS_MAX) return setError(t('invitations.email.tooMany'));
    setError(null);
    try {
      const r = await send.mutateAsync({ communityId, emails: valid, message: message.trim() || undefined });
      setSummary({ sent: r.sent.length, alreadyMembers: r.alreadyMembers.length, held: r.held.length, skipped: typed.length - valid.length });
      setText('');
      await queryClient.invalidateQueries({ queryKey: trpc.invitations.pathKey() });
    } catch (err) {
      notify.error(t('invitations.email.failed'), errorInfo(err).message);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field.Root invalid={!!error}>
          <Field.Label>{t('invitations.email.addresses')}</Field.Label>
          <Textarea name="emails" value={text} onChange={(e) => setText(e.target.value)} rows={4} placeholder={t('invitations.email.placeholder')} autoComplete="off" />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{t('invitations.email.addressesHint')}</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('invitations.email.message')}</Field.Label>
          <Textarea name="message" value={message} onChange={(e) => setMessage(e.target.value)} rows={3} maxLength={INVITE_MESSAGE_MAX} />
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={send.isPending} loadingText={t('invitations.email.sending')} alignSelf="flex-start">
          {t('invitations.email.send')}
        </Button>
        {summary && (
          <Stack gap="1" role="status" aria-live="polite" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
            <Text fontWeight="medium">{t('invitations.email.sent', { count: summary.sent })}</Text>
            {summary.alreadyMembers > 0 && <Text fontSize="sm">{t('invitations.email.alreadyMembers', { count: summary.alreadyMembers })}</Text>}
            {summary.held > 0 && <Text fontSize="sm">{t('invitations.email.held', { count: summary.held })}</Text>}
            {summary.skipped > 0 && <Text fontSize="sm">{t('invitations.email.skipped', { count: summary.skipped })}</Text>}
          </Stack>
        )}
      </Stack>
    </form>
  );
}
