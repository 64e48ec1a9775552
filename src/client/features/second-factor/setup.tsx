import { Box, Button, Code, Field, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { RecoveryCodes } from './recovery-codes';

type Key = { keyUri: string; qrSvg: string; key: string };

/**
 * Setting up an authenticator app: a QR code (and the key to type by hand), a first code to
 * confirm, then the recovery codes, shown this once. `onDone` runs after they are saved.
 */
export function SecondFactorSetup({ intro, account, onDone, onCancel }: { intro: string; account: string; onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [key, setKey] = useState<Key | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const setup = useMutation(trpc.secondFactor.setup.mutationOptions());
  const confirm = useMutation(trpc.secondFactor.confirm.mutationOptions());

  async function start() {
    setError(null);
    try {
      setKey(await setup.mutateAsync());
    } catch (err) {
      setError(errorInfo(err).message);
    }
  }
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const r = await confirm.mutateAsync({ code });
      // The status is refreshed by `onDone`, once the codes are saved: refreshed now, the screen
      // showing this set-up would switch to "on" and the codes would never be seen.
      setCodes(r.recoveryCodes);
    } catch (err) {
      setError(errorInfo(err).message);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} account={account} onDone={onDone} />;
  const cancel = onCancel && (
    <Button size="sm" variant="outline" onClick={onCancel}>
      {t('secondFactor.setup.cancel')}
    </Button>
  );
  if (!key) {
    return (
      <Stack gap="3">
        <Text fontSize="sm">{intro}</Text>
        {error && (
          <Text fontSize="sm" color="fg.error" role="alert">
            {error}
          </Text>
        )}
        <Stack direction="row" gap="2" flexWrap="wrap">
          <Button size="sm" colorPalette="brand" onClick={start} loading={setup.isPending} loadingText={t('secondFactor.setup.starting')}>
            {t('secondFactor.setup.start')}
          </Button>
          {cancel}
        </Stack>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text fontSize="sm">{t('secondFactor.setup.scan')}</Text>
        <Box bg="white" p="2" rounded="md" alignSelf="flex-start" borderWidth="1px">
          <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(key.qrSvg)}`} alt={t('secondFactor.setup.qrAlt')} boxSize="180px" />
        </Box>
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t('secondFactor.setup.manual')}
          </Text>
          {/* Groups of four wrap on a phone rather than widening the page. */}
          <Code data-testid="totp-key" fontSize="sm" whiteSpace="normal" wordBreak="break-word" alignSelf="flex-start" py="1">
            {key.key}
          </Code>
        </Stack>
        <Field.Root invalid={!!error} required>
          <Field.Label>{t('secondFactor.setup.enterCode')}</Field.Label>
          <Input
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            maxW="12rem"
            aria-label={t('secondFactor.signIn.code')}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Stack direction="row" gap="2" flexWrap="wrap">
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            loading={confirm.isPending}
            loadingText={t('secondFactor.setup.confirming')}
            disabled={!code.trim()}
          >
            {t('secondFactor.setup.confirm')}
          </Button>
          {cancel}
        </Stack>
      </Stack>
    </form>
  );
}
