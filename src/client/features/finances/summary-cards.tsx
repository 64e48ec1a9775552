import { Badge, Card, HStack, Heading, LinkBox, LinkOverlay, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { ChevronRight, Plus } from 'lucide-react';
import { FinanceSectionLink } from './section-link';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatAmount } from '../../lib/format';
import { AccountDialog } from './account-dialog';
import { ACCOUNT_KIND_KEY, accountName } from './labels';
import type { Books } from './types';
import { ButtonWithIcon } from '../../components/button-with-icon';

/** For officers, what waits for them; the accounts' balances where the community shows them. */
export function SummaryCards({ books, communityId, canManage }: { books: Books; communityId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const c = books.currency;
  return (
    <Stack gap="4">
      {books.officer && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {books.pendingPayments !== null && <Counter communityId={communityId} section="payments" label={t('finances.summary.pendingPayments')} count={books.pendingPayments} testId="pending-payments" />}
          {books.pendingExpenses !== null && <Counter communityId={communityId} section="expenses" label={t('finances.summary.pendingExpenses')} count={books.pendingExpenses} testId="pending-expenses" />}
        </SimpleGrid>
      )}
      {books.accounts && (
        <Stack gap="3" as="section" aria-labelledby="finance-accounts">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Heading as="h2" size="md" id="finance-accounts">
              {t('finances.summary.accounts')}
            </Heading>
            {canManage && (
              <AccountDialog
                communityId={communityId}
                trigger={<ButtonWithIcon icon={Plus} variant="outline">{t('finances.accounts.add')}</ButtonWithIcon>}
              />
            )}
          </HStack>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" as="ul" listStyleType="none">
            {books.accounts.map((a) => (
              <Card.Root as="li" key={a.id} size="sm" data-testid="account-card">
                <Card.Body>
                  <Stat.Root>
                    <Stat.Label>
                      <HStack gap="2" flexWrap="wrap">
                        <Text as="span">{accountName(t, a)}</Text>
                        <Badge size="sm">{t(ACCOUNT_KIND_KEY[a.kind])}</Badge>
                      </HStack>
                    </Stat.Label>
                    <Stat.ValueText fontSize="xl">{formatAmount(a.balance, c)}</Stat.ValueText>
                  </Stat.Root>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

/** What waits, as a card that is a link to its queue ("Payments to confirm 2" opens the payments). */
function Counter({ communityId, section, label, count, testId }: { communityId: number; section: 'payments' | 'expenses'; label: string; count: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card.Root asChild size="sm" data-testid={testId} _hover={{ borderColor: 'brand.emphasized' }}>
      <LinkBox>
      <Card.Body>
        <HStack justify="space-between" gap="3">
          <Stat.Root>
            <Stat.Label>
              <LinkOverlay asChild>
                <FinanceSectionLink communityId={communityId} section={section} aria-label={t('finances.counters.open', { label, count })}>
                  {label}
                </FinanceSectionLink>
              </LinkOverlay>
            </Stat.Label>
            <Stat.ValueText fontSize="xl" color={count > 0 ? 'orange.fg' : undefined}>
              {formatNumber(count)}
            </Stat.ValueText>
          </Stat.Root>
          <ChevronRight aria-hidden />
        </HStack>
      </Card.Body>
      </LinkBox>
    </Card.Root>
  );
}
