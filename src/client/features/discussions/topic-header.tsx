import { Alert, Badge, Button, Card, Field, Heading, HStack, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {  useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, EyeOff, Lock, Pencil, Pin, Trash2, Unlock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_MODES, type FollowMode } from '@shared/discussions/rules';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDateTime, formatRelative } from '../../lib/format';
import { trpc } from '../../trpc';
import { ReasonDialog } from './reason-dialog';
import type {  TopicPage as TopicData } from './types';
import { EditedMarker, TopicBadges } from './topic-badges';
import { EditTopicDialog } from './topic-form-dialog';
import { useDiscussionAction } from './use-discussion-action';
import { realName } from '../../lib/person-name';

/* The topic's head (title, badges, starter), the viewer's follow setting and the moderators' card. */

export function TopicHeader({ topic: x }: { topic: TopicData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const run = useDiscussionAction();
  const remove = useMutation(trpc.discussions.delete.mutationOptions());
  return (
    <Stack gap="3">
      <ChakraLink asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
        <Link to="/community/$id" params={{ id: String(x.community.id) }} search={{ tab: 'discussions' }} data-testid="topic-community-link">
          <ArrowLeft size={14} aria-hidden /> {t('discussions.page.in', { community: x.community.name })}
        </Link>
      </ChakraLink>
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
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" colorPalette="red" data-testid="topic-delete">
                <Trash2 aria-hidden /> {t('discussions.page.delete')}
              </Button>
            }
            title={t('discussions.page.deleteTitle')}
            description={t('discussions.page.deleteBody')}
            confirmLabel={t('discussions.page.deleteConfirm')}
            onConfirm={async () => {
              const ok = await run(() => remove.mutateAsync({ id: x.id }), t('discussions.page.deleteFailed'), t('discussions.page.deleted'));
              if (!ok) throw new Error('failed');
              void navigate({ to: '/community/$id', params: { id: String(x.community.id) }, search: { tab: 'discussions' } });
            }}
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
  const run = useDiscussionAction();
  const pin = useMutation(trpc.discussions.pin.mutationOptions());
  const lock = useMutation(trpc.discussions.lock.mutationOptions());
  const hide = useMutation(trpc.discussions.hideTopic.mutationOptions());
  const remove = useMutation(trpc.discussions.removeTopic.mutationOptions());
  const failed = t('discussions.moderate.failed');
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
          <ReasonDialog
            optional
            trigger={
              <Button size="sm" variant="outline" data-testid="topic-pin">
                <Pin aria-hidden /> {t(x.isPinned ? 'discussions.moderate.unpin' : 'discussions.moderate.pin')}
              </Button>
            }
            title={t(x.isPinned ? 'discussions.moderate.unpinTitle' : 'discussions.moderate.pinTitle')}
            description={t(x.isPinned ? 'discussions.moderate.unpinBody' : 'discussions.moderate.pinBody')}
            confirmLabel={t(x.isPinned ? 'discussions.moderate.unpin' : 'discussions.moderate.pin')}
            onConfirm={(reason) => run(() => pin.mutateAsync({ id: x.id, pinned: !x.isPinned, reason }), failed, t(x.isPinned ? 'discussions.moderate.unpinned' : 'discussions.moderate.pinned'))}
          />
          <ReasonDialog
            trigger={
              <Button size="sm" variant="outline" data-testid="topic-lock">
                {x.isLocked ? <Unlock aria-hidden /> : <Lock aria-hidden />} {t(x.isLocked ? 'discussions.moderate.unlock' : 'discussions.moderate.lock')}
              </Button>
            }
            title={t(x.isLocked ? 'discussions.moderate.unlockTitle' : 'discussions.moderate.lockTitle')}
            description={t(x.isLocked ? 'discussions.moderate.unlockBody' : 'discussions.moderate.lockBody')}
            confirmLabel={t(x.isLocked ? 'discussions.moderate.unlock' : 'discussions.moderate.lock')}
            onConfirm={(reason) =>
              run(() => lock.mutateAsync({ id: x.id, locked: !x.isLocked, reason: reason! }), failed, t(x.isLocked ? 'discussions.moderate.unlockedDone' : 'discussions.moderate.lockedDone'))
            }
          />
          <ReasonDialog
            trigger={
              <Button size="sm" variant="outline" data-testid="topic-hide">
                <EyeOff aria-hidden /> {t(x.hidden ? 'discussions.moderate.unhide' : 'discussions.moderate.hide')}
              </Button>
            }
            title={t(x.hidden ? 'discussions.moderate.unhideTopicTitle' : 'discussions.moderate.hideTopicTitle')}
            description={t(x.hidden ? 'discussions.moderate.unhideTopicBody' : 'discussions.moderate.hideTopicBody')}
            confirmLabel={t(x.hidden ? 'discussions.moderate.unhide' : 'discussions.moderate.hide')}
            onConfirm={(reason) => run(() => hide.mutateAsync({ id: x.id, hidden: !x.hidden, reason: reason! }), failed, t(x.hidden ? 'discussions.moderate.shown' : 'discussions.moderate.hidden'))}
          />
          <ReasonDialog
            destructive
            trigger={
              <Button size="sm" variant="outline" colorPalette="red" data-testid="topic-remove">
                <Trash2 aria-hidden /> {t('discussions.moderate.remove')}
              </Button>
            }
            title={t('discussions.moderate.removeTopicTitle')}
            description={t('discussions.moderate.removeTopicBody')}
            confirmLabel={t('discussions.moderate.remove')}
            onConfirm={async (reason) => {
              const ok = await run(() => remove.mutateAsync({ id: x.id, reason: reason! }), failed, t('discussions.moderate.removed'));
              if (ok) void navigate({ to: '/community/$id', params: { id: String(x.community.id) }, search: { tab: 'discussions' } });
              return ok;
            }}
          />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

