import { Alert, Badge, Button, Card, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {  useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { EyeOff, Lock, Pencil, Pin, Trash2, Unlock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscussionsBackLink } from './back-link';
import { FOLLOW_MODES, type FollowMode } from '@shared/discussions/rules';
import { formatDateTime, formatRelative } from '../../lib/format';
import { trpc } from '../../trpc';
import { DeleteOwn, MODERATION, ModerationAction } from './reason-dialog';
import type {  TopicPage as TopicData } from './types';
import { EditedMarker, TopicBadges } from './topic-badges';
import { EditTopicDialog } from './topic-form-dialog';
import { useDiscussionAction } from './use-discussion-action';
import { realName } from '../../lib/person-name';

/* The topic's head (title, badges, starter), the viewer's follow setting and the moderators' card. */

export function TopicHeader({ topic: x }: { topic: TopicData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useMutation(trpc.discussions.delete.mutationOptions());
  return (
    <Stack gap="3">
      <DiscussionsBackLink communityId={x.community.id} label={t('discussions.page.in', { community: x.community.name })} testId="topic-community-link" />
      <Heading as="h1" id="topic-title" size={{ base: 'xl', md: '2xl' }} overflowWrap="anywhere" data-testid="topic-title">
        {x.title}
      </Heading>
      <HStack gap="2" flexWrap="wrap">
        <TopicBadges topic={x} />
        {x.category && <Badge variant="outline">{x.category}</Badge>}
      </HStack>
      <HStack gap="2" flexWrap="wrap" color="fg.muted" fontSize="sm">
        <Text>
          {t('discussions.by', { name: realName(x.author?.name) ?? t('discussions.formerMemberInline') })} ·{' '}
          <time dateTime={new Date(x.createdAt).toISOString()} title={formatDateTime(x.createdAt)}>
            {formatRelative(x.createdAt)}
          </time>
        </Text>
        {x.edited && <EditedMarker at={x.editedAt} />}
      </HStack>
      {x.hidden && (
        <Alert.Root status="warning" data-testid="topic-hidden">
          <Alert.Indicator>
            <EyeOff />
          </Alert.Indicator>
          <Alert.Title fontWeight="normal">{x.hideReason ? t('discussions.page.hiddenTopic', { reason: x.hideReason }) : t('discussions.page.hiddenTopicNoReason')}</Alert.Title>
        </Alert.Root>
      )}
      {x.mine && (
        <HStack gap="2" flexWrap="wrap">
          <EditTopicDialog
            communityId={x.community.id}
            topic={x}
            trigger={
              <Button size="sm" variant="outline" data-testid="topic-edit">
                <Pencil aria-hidden /> {t('discussions.page.edit')}
              </Button>
            }
          />
          <DeleteOwn
            of="page"
            testId="topic-delete"
            act={() => remove.mutateAsync({ id: x.id })}
            then={() => void navigate({ to: '/community/$id', params: { id: String(x.community.id) }, search: { tab: 'discussions' } })}
          />
        </HStack>
      )}
    </Stack>
  );
}

const FOLLOW_LABEL = { following: 'discussions.follow.following', none: 'discussions.follow.none', muted: 'discussions.follow.muted' } as const satisfies Record<FollowMode, string>;

export function FollowSelect({ topic: x }: { topic: TopicData }) {
  const { t } = useTranslation();
  const run = useDiscussionAction();
  const follow = useMutation(trpc.discussions.follow.mutationOptions());
  const [mode, setMode] = useState<FollowMode>(x.follow);
  useEffect(() => setMode(x.follow), [x.follow]);
  return (
    <Field.Root maxW={{ base: 'full', sm: 'sm' }}>
      <Field.Label>{t('discussions.follow.label')}</Field.Label>
      <NativeSelect.Root size="sm" disabled={follow.isPending}>
        <NativeSelect.Field
          value={mode}
          data-testid="topic-follow"
          onChange={(e) => {
            const next = e.target.value as FollowMode;
            const before = mode;
            setMode(next);
            void run(() => follow.mutateAsync({ id: x.id, mode: next }), t('discussions.follow.failed'), t('discussions.follow.saved')).then((ok) => {
              if (!ok) setMode(before);
            });
          }}
        >
          {FOLLOW_MODES.map((m) => (
            <option key={m} value={m}>
              {t(FOLLOW_LABEL[m])}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{t('discussions.follow.help')}</Field.HelperText>
    </Field.Root>
  );
}

export function ModerationCard({ topic: x }: { topic: TopicData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pin = useMutation(trpc.discussions.pin.mutationOptions());
  const lock = useMutation(trpc.discussions.lock.mutationOptions());
  const hide = useMutation(trpc.discussions.hideTopic.mutationOptions());
  const remove = useMutation(trpc.discussions.removeTopic.mutationOptions());
  return (
    <Card.Root as="section" aria-labelledby="topic-moderation" variant="subtle" data-testid="topic-moderation">
      <Card.Header pb="2">
        <Heading as="h2" size="sm" id="topic-moderation">
          {t('discussions.moderate.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('discussions.moderate.intro')}
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        <HStack gap="2" flexWrap="wrap">
          <ModerationAction
            optional
            words={x.isPinned ? MODERATION.unpin : MODERATION.pin}
            icon={<Pin aria-hidden />}
            testId="topic-pin"
            act={(reason) => pin.mutateAsync({ id: x.id, pinned: !x.isPinned, reason })}
          />
          <ModerationAction
            words={x.isLocked ? MODERATION.unlock : MODERATION.lock}
            icon={x.isLocked ? <Unlock aria-hidden /> : <Lock aria-hidden />}
            testId="topic-lock"
            act={(reason) => lock.mutateAsync({ id: x.id, locked: !x.isLocked, reason: reason! })}
          />
          <ModerationAction
            words={x.hidden ? MODERATION.unhideTopic : MODERATION.hideTopic}
            icon={<EyeOff aria-hidden />}
            testId="topic-hide"
            act={(reason) => hide.mutateAsync({ id: x.id, hidden: !x.hidden, reason: reason! })}
          />
          <ModerationAction
            destructive
            words={MODERATION.removeTopic}
            icon={<Trash2 aria-hidden />}
            testId="topic-remove"
            act={(reason) => remove.mutateAsync({ id: x.id, reason: reason! })}
            then={() => void navigate({ to: '/community/$id', params: { id: String(x.community.id) }, search: { tab: 'discussions' } })}
          />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
