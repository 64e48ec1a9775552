import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import type { CurrentUser } from '../auth/current-user';
import { useSiteConfig } from '../site-config';

/**
 * The second step of a sign-in (either door): a code from the authenticator app, or a recovery
 * code. An expired challenge sends the person back to the password (`onRestart`).
 */
export function SecondStepForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (user: CurrentUser) => void | Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const { appName } = useSiteConfig();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation(trpc.secondFactor.signIn.mutationOptions());
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await onSignedIn(await verify.mutateAsync({ challenge, code }));
    } catch (err) {
      const info = errorInfo(err);
      if (info.status === 401) {
        notify.error(t('secondFactor.signIn.failed'), info.message);
        return onRestart();
      }
      setError(info.message);
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text fontWeight="semibold">{t('secondFactor.signIn.title')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {recovery ? t('secondFactor.signIn.recoverySubtitle') : t('secondFactor.signIn.subtitle', { appName })}
        </Text>
        <Field.Root invalid={!!error} required>
          <Field.Label>{recovery ? t('secondFactor.signIn.recoveryCode') : t('secondFactor.signIn.code')}</Field.Label>
          <Input
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoFocus
            maxLength={recovery ? 32 : 7}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={verify.isPending} loadingText={t('secondFactor.signIn.submitting')} disabled={!code.trim()}>
          {t('secondFactor.signIn.submit')}
        </Button>
        {/* Buttons, not submit buttons: inside the form they would send the code. */}
        <Button
          type="button"
          variant="plain"
          size="sm"
          px="0"
          color="brand.fg"
          textDecoration="underline"
          whiteSpace="normal"
          textAlign="start"
          h="auto"
          alignSelf="flex-start"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? t('secondFactor.signIn.useApp') : t('secondFactor.signIn.useRecovery')}
        </Button>
        <Button type="button" variant="plain" size="sm" px="0" color="fg.muted" textDecoration="underline" alignSelf="flex-start" onClick={onRestart}>
          {t('secondFactor.signIn.startOver')}
        </Button>
      </Stack>
    </form>
  );
}
