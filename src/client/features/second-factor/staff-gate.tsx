import { Card, Container, Heading, Spinner, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { trpc } from '../../trpc';
import { SecondFactorSetup } from './setup';

/**
 * Staff work only with a second factor (the server refuses every staff call without one): until
 * theirs is set up, the panel shows its set-up instead of tabs that would only be refused.
 */
export function StaffSecondFactorGate({ account, children }: { account: string; children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.secondFactor.status.queryOptions());
  if (!status.data) {
    return (
      <Container py="10" display="flex" justifyContent="center">
        <Spinner aria-label={t('common.loading')} />
      </Container>
    );
  }
  if (status.data.enabled) return <>{children}</>;
  return (
    <Container maxW="xl" py={{ base: '4', md: '8' }}>
      <Card.Root data-testid="staff-second-factor">
        <Card.Header>
          <Heading as="h1" size="xl">
            {t('secondFactor.setup.title')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <SecondFactorSetup
              intro={t('secondFactor.setup.staffIntro')}
              account={account}
              onDone={() => {
                // The sign-in's welcome waited for this step (routes/admin/login.tsx).
                notify.success(t('secondFactor.setup.enabled'), t('admin.login.welcomeText'));
                // Everything the panel asked for while refused is asked again.
                void queryClient.invalidateQueries();
              }}
            />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
