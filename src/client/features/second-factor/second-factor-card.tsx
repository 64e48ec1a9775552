import { Button, Dialog, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { PasswordInput } from '../../components/password-input';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorSetup } from './setup';
import { DialogForm } from '../../components/dialog-form';
import { SectionCard } from '../../components/section-card';

/** The profile's two-step verification: turn it on, make new recovery codes, turn it off (members only). */
export function SecondFactorCard({ account }: { account: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.secondFactor.status.queryOptions());
  const [settingUp, setSettingUp] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.secondFactor.status.queryKey() });
  const s = status.data;
  return (
    <SectionCard id="profile-second-factor" title={t('secondFactor.profile.title')} bodyGap="4" testId="second-factor-card">
      {!s ? null : s.enabled ? (
        <>
          <Text fontSize="sm">
            <ShieldCheck aria-hidden style={{ display: 'inline', verticalAlign: 'text-bottom' }} /> {t('secondFactor.profile.on', { date: formatDate(s.enabledAt) })}{' '}
            {t('secondFactor.profile.codesLeft', { count: s.recoveryCodesLeft })}
          </Text>
          {s.required && (
            <Text fontSize="sm" color="fg.muted">
              {t('secondFactor.profile.staffNote')}
            </Text>
          )}
          <HStack gap="2" flexWrap="wrap">
            <FormDialog
              title={t('secondFactor.profile.regenerateTitle')}
              trigger={
                <Button size="sm" variant="outline">
                  <KeyRound aria-hidden /> {t('secondFactor.profile.regenerate')}
                </Button>
              }
            >
              {(close) => <RegenerateForm account={account} close={close} onChanged={refresh} />}
            </FormDialog>
            {!s.required && (
              <FormDialog
                title={t('secondFactor.profile.disableTitle')}
                trigger={
                  <Button size="sm" variant="outline" colorPalette="red">
                    <ShieldOff aria-hidden /> {t('secondFactor.profile.turnOff')}
                  </Button>
                }
              >
                {(close) => <DisableForm close={close} onChanged={refresh} />}
              </FormDialog>
            )}
          </HStack>
        </>
      ) : settingUp ? (
        <SecondFactorSetup
          intro={t('secondFactor.setup.memberIntro')}
          account={account}
          onCancel={() => setSettingUp(false)}
          onDone={() => {
            setSettingUp(false);
            notify.success(t('secondFactor.setup.enabled'));
            void refresh();
          }}
        />
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            {t('secondFactor.profile.off')}
          </Text>
          <Button size="sm" colorPalette="brand" alignSelf="flex-start" onClick={() => setSettingUp(true)}>
            <ShieldCheck aria-hidden /> {t('secondFactor.profile.turnOn')}
          </Button>
        </>
      )}
    </SectionCard>
  );
}

function RegenerateForm({ account, close, onChanged }: { account: string; close: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useMutation(trpc.secondFactor.regenerateRecoveryCodes.mutationOptions());
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      setCodes((await regenerate.mutateAsync({ code })).recoveryCodes);
      notify.success(t('secondFactor.profile.regenerated'));
      onChanged();
    } catch (err) {
      setError(errorInfo(err).message);
    }
  }
  if (codes) {
    return (
      <Dialog.Body>
        <RecoveryCodes codes={codes} account={account} onDone={close} />
      </Dialog.Body>
    );
  }
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={close}
      submitLabel={t('secondFactor.profile.regenerate')}
      busy={regenerate.isPending}
      cancelLabel={t('secondFactor.profile.cancel')}
      disabled={!code.trim()}
    >
      <Text fontSize="sm">{t('secondFactor.profile.regenerateText')}</Text>
      <Field.Root invalid={!!error} required>
        <Field.Label>{t('secondFactor.profile.appCode')}</Field.Label>
        <Input name="code" value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </DialogForm>
  );
}

function DisableForm({ close, onChanged }: { close: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; other?: string }>({});
  const disable = useMutation(trpc.secondFactor.disable.mutationOptions());
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      await disable.mutateAsync({ password, code });
      notify.success(t('secondFactor.profile.disabled'));
      onChanged();
      close();
    } catch (err) {
      const info = errorInfo(err);
      const field = info.issues[0]?.path[0];
      setErrors(field === 'password' ? { password: info.message } : field === 'code' ? { code: info.message } : { other: info.message });
    }
  }
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={close}
      submitLabel={t('secondFactor.profile.turnOff')}
      busy={disable.isPending}
      cancelLabel={t('secondFactor.profile.cancel')}
      destructive
      disabled={!password || !code.trim()}
    >
      <Text fontSize="sm">{t('secondFactor.profile.disableText')}</Text>
      <Field.Root invalid={!!errors.password} required>
        <Field.Label>{t('secondFactor.profile.password')}</Field.Label>
        <PasswordInput name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        {errors.password && <Field.ErrorText>{errors.password}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={!!errors.code} required>
        <Field.Label>{t('secondFactor.profile.code')}</Field.Label>
        <Input name="code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" maxLength={32} />
        {errors.code && <Field.ErrorText>{errors.code}</Field.ErrorText>}
      </Field.Root>
      {errors.other && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {errors.other}
        </Text>
      )}
    </DialogForm>
  );
}
