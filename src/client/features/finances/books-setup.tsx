import { Button, Card, EmptyState, Stack, Text, VStack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookLock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CURRENCY_CODES, isCurrency, type Currency } from '@shared/money';
import { amountInputText } from '../../lib/format';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { currentLocale } from '../../i18n';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { MoneyInput, optionalAmountText } from './money-input';
import { refreshFinances } from './queries';
import { TRANSPARENCIES, TRANSPARENCY_DESCRIBE_KEY, TRANSPARENCY_KEY, type Transparency } from './labels';
import { Select } from '../../components/select';

/** The currency's name in the interface language ("Central African CFA Franc"), its code when Intl has none. */
function currencyName(code: Currency): string {
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const setupForm = z
  .object({
    currency: z.enum(CURRENCY_CODES, { message: 'validation.finance.currency' }),
    transparency: z.enum(TRANSPARENCIES, { message: 'validation.finance.transparency' }),
    secondApprovalAbove: z.string(),
  })
  .transform((v, ctx) => {
    // The threshold is read in the currency chosen beside it.
    const threshold = optionalAmountText(v.currency).safeParse(v.secondApprovalAbove);
    if (!threshold.success) {
      ctx.addIssue({ code: 'custom', path: ['secondApprovalAbove'], message: threshold.error.issues[0]!.message });
      return z.NEVER;
    }
    return { ...v, secondApprovalAbove: threshold.data };
  });

/** Books not opened: leaders with finances.manage open them here; everyone else reads an honest empty state. */
export function BooksNotOpened({ communityId, canManage }: { communityId: number; canManage: boolean }) {
  const { t } = useTranslation();
  if (canManage) return <BooksSetup communityId={communityId} />;
  return (
    <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg" data-testid="books-not-opened">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <BookLock aria-hidden />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{t('finances.notOpened.title')}</EmptyState.Title>
          <EmptyState.Description>{t('finances.notOpened.body')}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

type Current = { currency: Currency; transparency: Transparency; secondApprovalAbove: number | null; currencyLocked: boolean };

/** Open books: their managers change the settings here (the currency only until something is recorded: locked, with why, after; the server refuses it too). */
export function BooksSettings({ communityId, current }: { communityId: number; current: Current }) {
  return <BooksSetup communityId={communityId} current={current} />;
}

function BooksSetup({ communityId, current }: { communityId: number; current?: Current }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editing = current !== undefined;
  const locked = current?.currencyLocked === true;
  const form = useZodForm(setupForm, {
    currency: current?.currency ?? 'XAF',
    transparency: current?.transparency ?? 'summary',
    secondApprovalAbove: current?.secondApprovalAbove == null ? '' : amountInputText(current.secondApprovalAbove, current.currency),
  });
  const open = useMutation(trpc.finances.updateSettings.mutationOptions());
  const currency = isCurrency(form.values.currency) ? form.values.currency : 'XAF';
  const transparency = TRANSPARENCIES.find((v) => v === form.values.transparency) ?? 'summary';

  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    try {
      // A locked currency is not sent: the other settings still save.
      await open.mutateAsync({ communityId, ...data, currency: locked ? undefined : data.currency });
      if (editing) notify.success(t('finances.settings.saved'));
      else notify.success(t('finances.setup.opened'), t('finances.setup.openedBody'));
      await refreshFinances(queryClient);
    } catch (error) {
      notify.error(t('finances.setup.failed'), form.applyServerError(error).message);
    }
  });

  return (
    <Card.Root maxW="2xl">
      <Card.Header>
        <Card.Title as="h2">{t(editing ? 'finances.settings.title' : 'finances.setup.title')}</Card.Title>
        <Text color="fg.muted" fontSize="sm">
          {t(editing ? 'finances.settings.intro' : 'finances.setup.intro')}
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate aria-label={t(editing ? 'finances.settings.title' : 'finances.setup.title')}>
          <Stack gap="5">
            <FormField
              name="currency"
              label={t('finances.setup.currency')}
              error={form.errors.currency}
              helper={locked ? <Text as="span" data-testid="currency-locked">{t('finances.settings.currencyLocked', { currency: current.currency })}</Text> : t('finances.setup.currencyHelp')}
            >
              <Select {...form.field('currency')} root={{ disabled: locked }} options={CURRENCY_CODES.map((code) => ({ value: code, label: `${code} · ${currencyName(code)}` }))} />
            </FormField>
            <FormField
              name="transparency"
              label={t('finances.setup.transparency')}
              error={form.errors.transparency}
              helper={
                <Stack as="span" gap="1">
                  {/* What the choice shows, in full: showing each other's payments is said plainly before it is saved. */}
                  <Text
                    as="span"
                    data-testid="transparency-description"
                    color={transparency === 'named_ledger' ? 'orange.fg' : undefined}
                    fontWeight={transparency === 'named_ledger' ? 'medium' : undefined}
                  >
                    {t(TRANSPARENCY_DESCRIBE_KEY[transparency])}
                  </Text>
                  <Text as="span">{t('finances.setup.transparencyHelp')}</Text>
                </Stack>
              }
            >
              <Select {...form.field('transparency')} options={TRANSPARENCIES.map((v) => ({ value: v, label: t(TRANSPARENCY_KEY[v]) }))} />
            </FormField>
            <FormField name="secondApprovalAbove" label={t('finances.setup.threshold')} error={form.errors.secondApprovalAbove} helper={t('finances.setup.thresholdHelp')}>
              <MoneyInput currency={currency} {...form.field('secondApprovalAbove')} />
            </FormField>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={open.isPending} loadingText={t('finances.form.saving')}>
              {t(editing ? 'finances.settings.submit' : 'finances.setup.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
