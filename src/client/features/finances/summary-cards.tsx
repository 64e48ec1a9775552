import { Badge, Button, Card, HStack, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatAmount } from '../../lib/format';
import { AccountDialog } from './account-dialog';
import { ACCOUNT_KIND_KEY, accountName } from './labels';
import type { Books } from './types';

/** For officers, what waits for them; the accounts' balances where the community shows them. */
export function SummaryCards({ books, communityId, canManage }: { books: Books; communityId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const c = books.currency;
  return (
    <Stack gap="4">
      {books.officer && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {books.pendingPayments !== null && <StatCard label={t('finances.summary.pendingPayments')} value={formatNumber(books.pendingPayments)} testId="pending-payments" />}
          {books.pendingExpenses !== null && <StatCard label={t('finances.summary.pendingExpenses')} value={formatNumber(books.pendingExpenses)} testId="pending-expenses" />}
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
                trigger={
                  <Button size="sm" variant="outline">
                    <Plus aria-hidden /> {t('finances.accounts.add')}
                  </Button>
                }
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

function StatCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize="xl">{value}</Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
