import { Button, Text, VStack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isNoticeKind, type NoticeKind } from '@shared/notices';
import { AuthCard } from '../components/auth-card';
import { ResultView } from '../components/result-view';
import { errorInfo } from '../lib/errors';
import { trpc } from '../trpc';

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' ? { token: s.token } : {}),
  component: Unsubscribe,
});

/** Which emails a token is about, read from it to name them (the server checks its signature when asked). */
function topicOf(token: string): NoticeKind | 'digest' | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/'))) as unknown[];
    return payload[1] === 'digest' || isNoticeKind(payload[1]) ? (payload[1] as NoticeKind | 'digest') : null;
  } catch {
    return null;
  }
}

/**
 * The page an email's "Stop these emails" link opens, signed in or not: it asks before stopping
 * anything (mail scanners follow links), then stops that kind's emails with the link's own token.
 * Mail providers stop them with one click from the List-Unsubscribe header, without this page.
 */
function Unsubscribe() {
  const { t } = useTranslation();
  const { token } = Route.useSearch();
  const stop = useMutation(trpc.notifications.unsubscribe.mutationOptions());
  const topic = token ? topicOf(token) : null;
  if (!token || !topic) return <ResultView status="error" title={t('profile.unsubscribe.title')} message={t('profile.unsubscribe.missing')} action={{ label: t('profile.unsubscribe.home'), to: '/' }} />;
  const kind = topic === 'digest' ? null : t(`profile.notices.kinds.${topic}`);
  if (stop.isSuccess) {
    return (
      <ResultView
        status="success"
        title={t('profile.unsubscribe.title')}
        message={kind ? t('profile.unsubscribe.done', { kind }) : t('profile.unsubscribe.doneDigest')}
        action={{ label: t('profile.unsubscribe.settings'), to: '/profile' }}
      />
    );
  }
  if (stop.isError) return <ResultView status="error" title={t('profile.unsubscribe.title')} message={errorInfo(stop.error).message} action={{ label: t('profile.unsubscribe.settings'), to: '/profile' }} />;
  return (
    <AuthCard title={t('profile.unsubscribe.title')}>
      <VStack gap="4" textAlign="center">
        <Text fontWeight="semibold">{kind ? t('profile.unsubscribe.question', { kind }) : t('profile.unsubscribe.questionDigest')}</Text>
        <Text color="fg.muted">{kind ? t('profile.unsubscribe.explain') : t('profile.unsubscribe.explainDigest')}</Text>
        <Button colorPalette="brand" w="full" loading={stop.isPending} loadingText={t('profile.unsubscribe.stopping')} onClick={() => stop.mutate({ token })} data-testid="unsubscribe-confirm">
          {t('profile.unsubscribe.confirm')}
        </Button>
        <Button asChild variant="ghost" w="full">
          <Link to="/profile">{t('profile.unsubscribe.settings')}</Link>
        </Button>
      </VStack>
    </AuthCard>
  );
}
