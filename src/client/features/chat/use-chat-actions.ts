import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationList, MessageDto } from '@shared/chat/protocol';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc, trpcClient } from '../../trpc';
import type { CurrentUser } from '../auth/current-user';
import { noteRead, patchConversation, removeMessage, toggleReaction, upsertMessage, type History } from './merge';
import { historyKey } from './queries';
import { applyOwnMessage } from './socket';

let pendingIds = 0;

export type Draft = {
  body: string;
  replyTo: MessageDto | null;
  attachmentName?: string;
};

/**
 * The writes of one conversation. Each changes the cache first where the outcome is certain
 * (our own message shows at once as "sending"), then merges the server's answer; a failure puts
 * things back and says why in a toast. Each resolves whether it succeeded.
 */
export function useChatActions(conversationId: number, viewer: CurrentUser) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = historyKey(conversationId);
    const setHistory = (change: (h: History) => History) => queryClient.setQueryData<History>(key, (h) => (h ? change(h) : h));
    const listKey = trpc.chat.conversations.queryKey();
    const fail = (title: string, e: unknown) => {
      notify.error(title, errorInfo(e).message);
      return false;
    };
    const findMessage = (id: number) =>
      queryClient
        .getQueryData<History>(key)
        ?.pages.flatMap((p) => p.messages)
        .find((m) => m.id === id);

    return {
      async send(draft: Draft): Promise<boolean> {
        const clientNonce = crypto.randomUUID();
        const pending: MessageDto = {
          id: -++pendingIds,
          conversationId,
          kind: 'text',
          call: null,
          author: {
            id: viewer.id,
            name: `${viewer.firstName} ${viewer.lastName}`.trim(),
            avatarUrl: viewer.profileImageUrl ?? null,
          },
          body: draft.body,
          replyTo: draft.replyTo
            ? {
                id: draft.replyTo.id,
                authorName: draft.replyTo.author?.name ?? null,
                excerpt: draft.replyTo.body.slice(0, 120),
                deleted: false,
              }
            : null,
          attachment: null,
          reactions: [],
          editedAt: null,
          deletedAt: null,
          createdAt: Date.now(),
          clientNonce,
        };
        setHistory((h) => upsertMessage(h, pending));
        try {
          const sent = await trpcClient.chat.send.mutate({
            conversationId,
            body: draft.body,
            clientNonce,
            ...(draft.replyTo ? { replyToId: draft.replyTo.id } : {}),
            ...(draft.attachmentName ? { attachmentName: draft.attachmentName } : {}),
          });
          applyOwnMessage(sent);
          return true;
        } catch (e) {
          setHistory((h) => removeMessage(h, pending.id));
          return fail(t('chat.screen.composer.sendFailed'), e);
        }
      },

      async edit(id: number, body: string): Promise<boolean> {
        const before = findMessage(id);
        if (before) setHistory((h) => upsertMessage(h, { ...before, body, editedAt: Date.now() }));
        try {
          applyOwnMessage(await trpcClient.chat.edit.mutate({ id, body }));
          return true;
        } catch (e) {
          if (before) setHistory((h) => upsertMessage(h, before));
          return fail(t('chat.screen.message.editFailed'), e);
        }
      },

      async remove(id: number): Promise<boolean> {
        try {
          const res = (await trpcClient.chat.delete.mutate({ id })) as unknown;
          const deleted = res && typeof res === 'object' && 'id' in res ? (res as MessageDto) : null;
          const before = findMessage(id);
          if (deleted) applyOwnMessage(deleted);
          else if (before)
            setHistory((h) =>
              upsertMessage(h, {
                ...before,
                body: '',
                attachment: null,
                deletedAt: Date.now(),
              }),
            );
          notify.success(t('chat.screen.message.deletedToast'));
          return true;
        } catch (e) {
          return fail(t('chat.screen.message.deleteFailed'), e);
        }
      },

      async react(message: MessageDto, emoji: string, on: boolean): Promise<boolean> {
        setHistory((h) =>
          upsertMessage(h, {
            ...message,
            reactions: toggleReaction(message.reactions, emoji, viewer.id, on),
          }),
        );
        try {
          await trpcClient.chat.react.mutate({
            id: message.id,
            emoji: emoji as never,
            on,
          });
          return true;
        } catch (e) {
          setHistory((h) => upsertMessage(h, message));
          return fail(t('chat.screen.message.reactFailed'), e);
        }
      },

      async markRead(messageId: number): Promise<void> {
        queryClient.setQueryData<ConversationList>(listKey, (l) => (l ? noteRead(l, conversationId, messageId) : l));
        try {
          await trpcClient.chat.markRead.mutate({ conversationId, messageId });
        } finally {
          void queryClient.invalidateQueries({
            queryKey: trpc.chat.unreadTotal.queryKey(),
          });
        }
      },

      async setMuted(muted: boolean): Promise<boolean> {
        try {
          await trpcClient.chat.setMuted.mutate({ conversationId, muted });
          queryClient.setQueryData<ConversationList>(listKey, (l) => (l ? patchConversation(l, conversationId, { muted }) : l));
          void queryClient.invalidateQueries({
            queryKey: trpc.chat.unreadTotal.queryKey(),
          });
          notify.success(t(muted ? 'chat.screen.view.muted' : 'chat.screen.view.unmuted'));
          return true;
        } catch (e) {
          return fail(t('chat.screen.view.muteFailed'), e);
        }
      },

      async report(id: number, reason: string): Promise<boolean> {
        try {
          await trpcClient.chat.report.mutate({ id, reason });
          notify.success(t('chat.screen.report.sent'));
          return true;
        } catch (e) {
          return fail(t('chat.screen.report.failed'), e);
        }
      },

      async muteMember(userId: string, name: string, minutes: number, reason: string): Promise<boolean> {
        try {
          await trpcClient.chat.muteMember.mutate({
            conversationId,
            userId,
            minutes,
            reason: reason || null,
          });
          notify.success(t('chat.screen.muteMember.done', { name }));
          return true;
        } catch (e) {
          return fail(t('chat.screen.muteMember.failed'), e);
        }
      },
    };
  }, [conversationId, viewer, queryClient, t]);
}
