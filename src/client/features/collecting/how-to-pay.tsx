import { Badge, Box, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_KIND_KEY, accountName } from '../finances/labels';
import { CopyButton } from './copy-button';
import { instructionsQuery } from './queries';
import { providerName, ussdHref } from './links';
import type { AccountInstructions } from './types';

/**
 * "How to pay": each account's instructions, with copy buttons, "Dial" for a USSD code and "Open the
 * app" for a provider's link, and the member's own reference first, to write in the transfer's note
 * so the statement line names them. Nothing shows while it loads, when it fails (declaring still
 * works), or when no account has instructions.
 */
export function HowToPay({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(instructionsQuery(communityId));
  if (!q.data || q.data.accounts.length === 0) return null;
  const { reference, accounts } = q.data;
  return (
    <Card.Root variant="subtle" size="sm" as="section" aria-labelledby={`how-to-pay-${communityId}`} data-testid="how-to-pay">
      <Card.Body gap="3">
        <Text fontWeight="semibold" id={`how-to-pay-${communityId}`}>
          {t('collecting.pay.title')}
        </Text>
        {/* A member who joined before references existed has none until the scheduled job (collectingReferences) gives them one. */}
        {reference && (
          <HStack gap="2" flexWrap="wrap" borderWidth="1px" borderColor="brand.emphasized" rounded="md" p="2" bg="bg" data-testid="my-reference">
            <Text>
              {t('collecting.pay.writeBefore')}{' '}
              <Text as="strong" fontSize="lg" fontFamily="mono" letterSpacing="wide">
                {reference}
              </Text>{' '}
              {t('collecting.pay.writeAfter')}
            </Text>
            <CopyButton value={reference} label={t('collecting.pay.copyReference', { reference })} />
          </HStack>
        )}
        <Stack as="ul" listStyleType="none" gap="3">
          {accounts.map((a) => (
            <AccountWays key={a.accountId} account={a} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function AccountWays({ account: a }: { account: AccountInstructions }) {
  const { t } = useTranslation();
  const name = accountName(t, { name: a.accountName, kind: a.kind });
  const row = (label: string, value: string | null, copy: string) =>
    value && (
      <HStack gap="1" flexWrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
          {value}
        </Text>
        <CopyButton value={value} label={copy} />
      </HStack>
    );
  return (
    <Box as="li" borderTopWidth="1px" pt="2" data-testid="pay-account">
      <HStack gap="2" flexWrap="wrap">
        <Text fontWeight="medium">{name}</Text>
        <Badge size="sm">{t(ACCOUNT_KIND_KEY[a.kind])}</Badge>
        {/* An account named after its service ("MTN MoMo") does not say it twice. */}
        {a.provider && providerName(a.provider) !== name && <Text fontSize="sm">{providerName(a.provider)}</Text>}
      </HStack>
      {row(t('collecting.pay.number'), a.number, t('collecting.pay.copyNumber', { account: name }))}
      {row(t('collecting.pay.holder'), a.holderName, t('collecting.pay.copyHolder', { account: name }))}
      {row(t('collecting.pay.bank'), a.bankDetails, t('collecting.pay.copyBank', { account: name }))}
      {a.note && (
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
          {a.note}
        </Text>
      )}
      {(a.ussd || a.appLink) && (
        <HStack gap="2" mt="1" flexWrap="wrap">
          {a.ussd && (
            <Button asChild size="xs" variant="outline">
              <a href={ussdHref(a.ussd)} aria-label={t('collecting.pay.dialLabel', { code: a.ussd, account: name })}>
                <Phone aria-hidden /> {t('collecting.pay.dial', { code: a.ussd })}
              </a>
            </Button>
          )}
          {a.appLink && (
            <Button asChild size="xs" variant="outline">
              <Link href={a.appLink} target="_blank" rel="noopener noreferrer" aria-label={t('collecting.pay.openAppLabel', { account: name })}>
                <ExternalLink aria-hidden /> {t('collecting.pay.openApp')}
              </Link>
            </Button>
          )}
        </HStack>
      )}
    </Box>
  );
}
