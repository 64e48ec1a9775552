import { Button, chakra, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_NAME_MAX, CHANNEL_TOPIC_MAX, GROUP_MAX_MEMBERS, GROUP_NAME_MAX, channelSlug } from '@shared/chat/rules';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpcClient } from '../../trpc';
import { PeopleChooser, type Person } from './people-chooser';
import { ChatDialog } from './message-dialogs';
import { refreshConversations } from './queries';
import { Select } from '../../components/select';

type Community = { id: number; name: string };

function CommunitySelect({ communities, value, onChange }: { communities: Community[]; value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  if (communities.length < 2) return null;
  return (
    <FormField name="chat-community" label={t('chat.screen.picker.community')}>
      <Select value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid="picker-community" options={communities.map((c) => ({ value: c.id, label: c.name }))} />
    </FormField>
  );
}

function Shell(props: { open: boolean; onClose: () => void; title: string; busy: boolean; submitLabel: string; canSubmit: boolean; onSubmit: () => void; testId: string; children: React.ReactNode }) {
  return (
    <ChatDialog
      wide
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      testId={props.testId}
      onSubmit={() => props.canSubmit && !props.busy && props.onSubmit()}
      footer={
        <Button type="submit" colorPalette="brand" loading={props.busy} disabled={!props.canSubmit} data-testid={`${props.testId}-submit`}>
          {props.submitLabel}
        </Button>
      }
    >
      {props.children}
    </ChatDialog>
  );
}

/**
 * "New message": a name typed finds people across all the caller's communities; one person opens
 * (or reopens) the direct conversation, several start a group in a community they all share
 * (chosen here when there are several).
 */
export function NewConversationDialog({ open, onClose, communities }: { open: boolean; onClose: () => void; communities: Community[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Person[]>([]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) {
      setChosen([]);
      setName('');
      setPicked(null);
    }
  }, [open]);
  const group = chosen.length > 1;
  const shared = communities.filter((c) => chosen.every((p) => p.communityIds.includes(c.id)));
  const communityId = shared.some((c) => c.id === picked) ? picked! : (shared[0]?.id ?? 0);

  async function submit() {
    setBusy(true);
    try {
      const c = !group
        ? await trpcClient.chat.openDirect.mutate({ userId: chosen[0]!.id })
        : await trpcClient.chat.createGroup.mutate({
              communityId,
              userIds: chosen.map((p) => p.id),
              name: name.trim() || null,
            });
      await refreshConversations(queryClient);
      onClose();
      void navigate({ to: '/chat', search: { c: c.id } });
    } catch (e) {
      notify.error(t('chat.screen.picker.failed'), errorInfo(e).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Shell
      open={open}
      onClose={onClose}
      title={t('chat.screen.picker.title')}
      busy={busy}
      canSubmit={chosen.length > 0 && (!group || communityId > 0)}
      submitLabel={chosen.length > 1 ? t('chat.screen.picker.startGroup') : t('chat.screen.picker.startDirect')}
      onSubmit={() => void submit()}
      testId="new-conversation"
    >
      <Text color="fg.muted" fontSize="sm">
        {communities.length ? t('chat.screen.picker.intro', { max: GROUP_MAX_MEMBERS }) : t('chat.screen.picker.noCommunity')}
      </Text>
      {communities.length > 0 && (
        <PeopleChooser chosen={chosen} onChange={setChosen} max={GROUP_MAX_MEMBERS - 1} limitText={t('chat.screen.picker.limit', { max: GROUP_MAX_MEMBERS })} />
      )}
      {group &&
        (shared.length === 0 ? (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="picker-no-shared">
            {t('chat.screen.picker.noSharedCommunity')}
          </Text>
        ) : (
          <CommunitySelect communities={shared} value={communityId} onChange={setPicked} />
        ))}
      {group && (
        <FormField name="chat-group-name" label={t('chat.screen.picker.groupName')}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={GROUP_NAME_MAX} />
        </FormField>
      )}
    </Shell>
  );
}

/** "New channel", for a community's leaders: a name, a topic, and for a private one its members. */
export function NewChannelDialog({ open, onClose, communities }: { open: boolean; onClose: () => void; communities: Community[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [communityId, setCommunityId] = useState(communities[0]?.id ?? 0);
  const [name, setName] = useState('');
  const [topic, setTopic] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [members, setMembers] = useState<Person[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) {
      setName('');
      setTopic('');
      setPrivate(false);
      setMembers([]);
      setError(undefined);
    } else if (!communities.some((c) => c.id === communityId)) setCommunityId(communities[0]?.id ?? 0);
  }, [open, communities, communityId]);

  async function submit() {
    setBusy(true);
    try {
      const c = await trpcClient.chat.createChannel.mutate({
        communityId,
        name,
        topic: topic.trim() || null,
        isPrivate,
        memberIds: isPrivate ? members.map((m) => m.id) : [],
      });
      await refreshConversations(queryClient);
      notify.success(t('chat.screen.channel.created', { name: c.name ?? channelSlug(name) }));
      onClose();
      void navigate({ to: '/chat', search: { c: c.id } });
    } catch (e) {
      const info = errorInfo(e);
      const nameIssue = info.issues.find((i) => i.path[0] === 'name');
      if (nameIssue) {
        setError(nameIssue.message);
        document.getElementById('chat-channel-name')?.focus();
      } else notify.error(t('chat.screen.channel.failed'), info.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Shell
      open={open}
      onClose={onClose}
      title={t('chat.screen.channel.title')}
      busy={busy}
      canSubmit={channelSlug(name).length > 0}
      submitLabel={t('chat.screen.channel.submit')}
      onSubmit={() => void submit()}
      testId="new-channel-form"
    >
      <CommunitySelect communities={communities} value={communityId} onChange={setCommunityId} />
      <FormField name="chat-channel-name" label={t('chat.screen.channel.name')} helper={t('chat.screen.channel.nameHelp')} error={error} required>
        <Input
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          maxLength={CHANNEL_NAME_MAX + 1}
          autoComplete="off"
          data-testid="channel-name"
        />
      </FormField>
      <FormField name="chat-channel-topic" label={t('chat.screen.channel.topic')}>
        <Input value={topic} onChange={(e) => setTopic(e.target.value)} maxLength={CHANNEL_TOPIC_MAX} />
      </FormField>
      <chakra.label display="flex" gap="2" alignItems="center" fontSize="sm">
        <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} data-testid="channel-private" />
        {t('chat.screen.channel.private')}
      </chakra.label>
      {isPrivate && communityId > 0 && (
        <Stack gap="1">
          <Text fontWeight="medium" fontSize="sm">
            {t('chat.screen.channel.members')}
          </Text>
          <PeopleChooser communityId={communityId} chosen={members} onChange={setMembers} max={200} limitText="" />
        </Stack>
      )}
    </Shell>
  );
}
