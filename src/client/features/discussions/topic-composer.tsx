import { Alert, Button, Card, chakra, Field, HStack, Stack, Text } from '@chakra-ui/react';
import {  useMutation, useQueryClient } from '@tanstack/react-query';
import {  Lock, MessageSquareQuote, X } from 'lucide-react';
import {  useState } from 'react';
import { useTranslation } from 'react-i18next';
import {  POST_BODY_MAX } from '@shared/discussions/rules';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { MentionTextarea } from './mention-textarea';
import { refreshDiscussions } from './queries';
import type {  TopicPage as TopicData } from './types';
import type { QuoteTarget } from './topic-page';

/* The reply box: a quote, @mentions, the length limit; closed while the topic is locked. */

export function Composer(props: { topic: TopicData; quote: QuoteTarget | null; onClearQuote: () => void; textarea: React.RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { topic: x, quote } = props;
  const reply = useMutation(trpc.discussions.reply.mutationOptions());
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const locked = x.isLocked;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (reply.isPending || locked) return;
    if (!body.trim()) {
      setError(t('discussions.composer.empty'));
      props.textarea.current?.focus();
      return;
    }
    try {
      await reply.mutateAsync({ id: x.id, body, ...(quote ? { quotedId: quote.id } : {}) });
      setBody('');
      props.onClearQuote();
      notify.success(t('discussions.composer.sent'));
      await refreshDiscussions(queryClient);
    } catch (err) {
      const info = errorInfo(err);
      setError(info.issues[0]?.message);
      notify.error(t('discussions.composer.failed'), info.message);
      void refreshDiscussions(queryClient);
    }
  }
  return (
    <Card.Root as="section" aria-labelledby="topic-composer">
      <Card.Body>
        <chakra.form onSubmit={(e) => void submit(e)} noValidate data-testid="reply-form">
          <Stack gap="3">
            {locked && (
              <Alert.Root status="warning" data-testid="topic-locked">
                <Alert.Indicator>
                  <Lock />
                </Alert.Indicator>
                <Alert.Content>
                  <Alert.Title>{t('discussions.composer.locked')}</Alert.Title>
                  <Alert.Description>{t('discussions.composer.lockedReason')}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {quote && !locked && (
              <HStack align="flex-start" gap="2" borderStartWidth="3px" borderColor="brand.solid" ps="3" py="1" data-testid="composer-quote">
                <MessageSquareQuote size={16} aria-hidden />
                <Stack gap="0.5" flex="1" minW="0" fontSize="sm">
                  <Text fontWeight="medium">{t('discussions.replies.quoting', { name: quote.name })}</Text>
                  <Text color="fg.muted" lineClamp={2} overflowWrap="anywhere">
                    {quote.excerpt}
                  </Text>
                </Stack>
                <Button size="xs" variant="ghost" onClick={props.onClearQuote} aria-label={t('discussions.replies.removeQuote')}>
                  <X aria-hidden />
                </Button>
              </HStack>
            )}
            <Field.Root invalid={!!error} disabled={locked}>
              <Field.Label id="topic-composer">{t('discussions.composer.label')}</Field.Label>
              <MentionTextarea
                ref={props.textarea}
                communityId={x.community.id}
                value={body}
                onValueChange={(v) => {
                  setBody(v);
                  setError(undefined);
                }}
                rows={4}
                maxLength={POST_BODY_MAX}
                placeholder={t('discussions.composer.placeholder')}
                disabled={locked}
                data-testid="reply-input"
              />
              {error ? <Field.ErrorText>{error}</Field.ErrorText> : !locked && <Field.HelperText>{t('discussions.form.bodyHelp')}</Field.HelperText>}
            </Field.Root>
            <Button type="submit" colorPalette="brand" alignSelf="flex-end" disabled={locked} loading={reply.isPending} loadingText={t('discussions.composer.submitting')} data-testid="reply-submit">
              {t('discussions.composer.submit')}
            </Button>
          </Stack>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
