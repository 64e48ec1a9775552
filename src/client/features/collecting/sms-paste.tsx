import { Alert, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { ScanText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { FormField } from '../../components/form-field';
import { errorInfo } from '../../lib/errors';
import { formatAmount, formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { providerName } from './links';
import type { KnownText, TextRead } from './types';

/**
 * "Paste the confirmation message": the provider's SMS, read by the server (collecting.readText, which
 * writes nothing) on paste or with "Read", then handed to the form (`onRead`) to fill the
 * declaration. What was read shows under it, with a warning when the transfer was already declared;
 * an unknown wording is kept with the declaration all the same, the fields filled by hand.
 */
export function SmsPaste({ communityId, currency, value, error, onChange, onRead }: { communityId: number; currency: Currency; value: string; error?: string; onChange: (text: string) => void; onRead: (read: KnownText) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [read, setRead] = useState<TextRead | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function readIt(text: string) {
    if (!text.trim()) return;
    setBusy(true);
    setFailed(null);
    try {
      const answer = await queryClient.fetchQuery({ ...trpc.collecting.readText.queryOptions({ communityId, text: text.trim() }), staleTime: 0 });
      setRead(answer);
      if (answer.known) onRead(answer);
    } catch (e) {
      setRead(null);
      setFailed(errorInfo(e).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="2">
      <FormField name="smsText" label={t('collecting.sms.label')} error={error ?? failed ?? undefined} helper={t('collecting.sms.help')}>
        <Textarea
          value={value}
          rows={3}
          maxLength={1000}
          onChange={(e) => {
            onChange(e.target.value);
            setRead(null);
          }}
          // A pasted text is read at once: the member's next step is checking what it filled.
          onPaste={(e) => {
            const pasted = e.clipboardData.getData('text');
            if (pasted && !value.trim()) void readIt(pasted);
          }}
        />
      </FormField>
      <HStack>
        <Button size="xs" variant="outline" onClick={() => void readIt(value)} loading={busy} loadingText={t('collecting.sms.reading')} disabled={!value.trim()}>
          <ScanText aria-hidden /> {t('collecting.sms.read')}
        </Button>
      </HStack>
      {read && <WhatWasRead read={read} currency={currency} />}
    </Stack>
  );
}

function WhatWasRead({ read, currency }: { read: TextRead; currency: Currency }) {
  const { t } = useTranslation();
  if (!read.known) {
    return (
      <Alert.Root status="info" size="sm" data-testid="sms-unknown">
        <Alert.Indicator />
        <Alert.Description>{t('collecting.sms.unknown')}</Alert.Description>
      </Alert.Root>
    );
  }
  const amount = read.amount !== null ? formatAmount(read.amount, currency) : `${read.amountText} ${read.currencyText ?? ''}`.trim();
  const when = [read.date ? formatDate(`${read.date}T12:00:00`, { style: 'short' }) : null, read.time].filter(Boolean).join(' ');
  return (
    <Stack gap="2" aria-live="polite">
      <Alert.Root status="success" size="sm" data-testid="sms-read">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('collecting.sms.readTitle', { provider: providerName(read.provider) })}</Alert.Title>
          <Alert.Description>
            <Text as="span" display="block">
              {t(read.direction === 'sent' ? 'collecting.sms.sent' : 'collecting.sms.received', { amount, party: read.counterparty ?? '—' })}
            </Text>
            <Text as="span" display="block">
              {t('collecting.sms.transaction', { id: read.transactionId })}
              {when && ` · ${when}`}
            </Text>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {!read.currencyFits && (
        <Alert.Root status="warning" size="sm" data-testid="sms-currency">
          <Alert.Indicator />
          <Alert.Description>{t('collecting.sms.otherCurrency', { currency })}</Alert.Description>
        </Alert.Root>
      )}
      {read.usedBy && (
        <Alert.Root status="warning" size="sm" data-testid="sms-used">
          <Alert.Indicator />
          <Alert.Description>{t('collecting.sms.used', { id: read.transactionId, payment: read.usedBy.payment, date: formatDate(`${read.usedBy.date}T12:00:00`, { style: 'short' }) })}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
