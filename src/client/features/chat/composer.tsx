import { Box, CloseButton, HStack, IconButton, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { FileText, Paperclip, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationDto, MessageDto } from '@shared/chat/protocol';
import { CHAT_FILE_MAX_BYTES, MESSAGE_BODY_MAX } from '@shared/chat/rules';
import { notify } from '../../components/toaster';
import { formatDateTime } from '../../lib/format';
import { currentLocale } from '../../i18n';
import { MentionTextarea } from '../discussions/mention-textarea';
import { formatBytes } from './message-body';
import { conversationName } from './names';
import { sendTyping } from './socket';
import { uploadChatFile } from './upload';
import type { useChatActions } from './use-chat-actions';
import { realName } from '../../lib/person-name';

type Attachment = {
  file: File;
  percent: number;
  name?: string;
  controller: AbortController;
};

/**
 * The message box: Enter sends, Shift+Enter starts a new line, Escape leaves a reply or an edit
 * (or, with neither, asks the page to close the conversation on a phone). A file is uploaded as
 * soon as it is chosen, with its progress shown, and goes with the next message.
 */
export function Composer(props: {
  conversation: ConversationDto;
  actions: ReturnType<typeof useChatActions>;
  replyTo: MessageDto | null;
  editing: MessageDto | null;
  onDone: () => void;
  onEscape: () => void;
}) {
  const { t } = useTranslation();
  const { conversation: c, replyTo, editing, actions } = props;
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const savedDraft = useRef('');

  // Starting an edit puts the message in the box (and ending it gives the draft back); a reply focuses it.
  useEffect(() => {
    if (editing) {
      savedDraft.current = text;
      setText(editing.body);
    } else if (savedDraft.current) {
      setText(savedDraft.current);
      savedDraft.current = '';
    }
    area.current?.focus();
  }, [editing?.id]);
  useEffect(() => {
    if (replyTo) area.current?.focus();
  }, [replyTo]);

  const muted = c.mutedUntil !== null && c.mutedUntil > Date.now();
  const uploading = attachment !== null && attachment.name === undefined;
  const tooLong = text.length > MESSAGE_BODY_MAX;

  async function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > CHAT_FILE_MAX_BYTES) {
      notify.error(
        t('chat.screen.composer.uploadFailed'),
        t('chat.screen.composer.tooLarge', {
          size: formatBytes(CHAT_FILE_MAX_BYTES, currentLocale()),
        }),
      );
      return;
    }
    attachment?.controller.abort();
    const next: Attachment = {
      file,
      percent: 0,
      controller: new AbortController(),
    };
    setAttachment(next);
    try {
      const up = await uploadChatFile(file, (percent) => setAttachment((a) => (a?.file === file ? { ...a, percent } : a)), next.controller.signal);
      setAttachment((a) => (a?.file === file ? { ...a, percent: 100, name: up.name } : a));
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      setAttachment((a) => (a?.file === file ? null : a));
      notify.error(t('chat.screen.composer.uploadFailed'), (e as Error).message);
    }
  }

  async function submit() {
    const body = text.trim();
    if (busy || uploading || tooLong || muted) return;
    if (editing) {
      if (!body) return;
      setBusy(true);
      const ok = await actions.edit(editing.id, body);
      setBusy(false);
      if (ok) {
        savedDraft.current = '';
        setText('');
        props.onDone();
      }
      return;
    }
    if (!body && !attachment?.name) return;
    // The message box may be empty with a file: the file's name then stands as its text.
    const draft = {
      body: body || attachment!.file.name,
      replyTo,
      ...(attachment?.name ? { attachmentName: attachment.name } : {}),
    };
    setText('');
    setAttachment(null);
    props.onDone();
    const ok = await actions.send(draft);
    if (!ok) {
      // Nothing typed is lost: the text comes back to the box.
      setText((now) => now || body);
    }
    area.current?.focus();
  }

  if (muted) {
    return (
      <Box px="4" py="3" borderTopWidth="1px" color="fg.muted" data-testid="composer-muted">
        {t('chat.screen.composer.mutedUntil', {
          time: formatDateTime(c.mutedUntil!),
        })}
      </Box>
    );
  }

  return (
    <Stack gap="2" px={{ base: '2', md: '4' }} py="2" borderTopWidth="1px" bg="bg" data-testid="composer">
      {(replyTo || editing) && (
        <HStack justify="space-between" bg="bg.muted" rounded="md" px="3" py="1" fontSize="sm">
          <Text lineClamp={1} data-testid="composer-context">
            {editing
              ? t('chat.screen.message.editing')
              : t('chat.screen.message.replyingTo', {
                  name: realName(replyTo!.author?.name) ?? t('chat.screen.message.formerMemberInline'),
                })}
            {replyTo && !editing && (
              <Text as="span" color="fg.muted" ms="2">
                {replyTo.body.slice(0, 80)}
              </Text>
            )}
          </Text>
          <CloseButton size="2xs" aria-label={t('chat.screen.composer.cancel')} onClick={props.onDone} />
        </HStack>
      )}
      {attachment && (
        <HStack bg="bg.muted" rounded="md" px="3" py="1" gap="3" data-testid="composer-attachment">
          <FileText size={16} aria-hidden />
          <Stack gap="1" flex="1" minW="0">
            <Text fontSize="sm" lineClamp={1}>
              {attachment.file.name} · {formatBytes(attachment.file.size, currentLocale())}
            </Text>
            {uploading && (
              <Progress.Root
                value={attachment.percent}
                size="xs"
                colorPalette="brand"
                aria-label={t('chat.screen.composer.uploading', {
                  name: attachment.file.name,
                  percent: attachment.percent,
                })}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
          </Stack>
          <CloseButton
            size="2xs"
            aria-label={t('chat.screen.composer.removeAttachment')}
            onClick={() => {
              attachment.controller.abort();
              setAttachment(null);
            }}
          />
          <VisuallyHidden aria-live="polite">
            {attachment.name
              ? t('chat.screen.composer.uploaded', {
                  name: attachment.file.name,
                })
              : ''}
          </VisuallyHidden>
        </HStack>
      )}
      <HStack align="end" gap="2">
        {!editing && (
          <>
            <input ref={fileInput} type="file" hidden onChange={(e) => void choose(e.target.files?.[0]).finally(() => (e.target.value = ''))} data-testid="composer-file" tabIndex={-1} aria-hidden />
            <IconButton variant="ghost" aria-label={t('chat.screen.composer.attach')} onClick={() => fileInput.current?.click()} data-testid="composer-attach">
              <Paperclip aria-hidden />
            </IconButton>
          </>
        )}
        <Box flex="1" minW="0">
          <MentionTextarea
            ref={area}
            communityId={c.community.id}
            value={text}
            onValueChange={(v) => {
              setText(v);
              if (v) sendTyping(c.id);
            }}
            rows={2}
            resize="none"
            aria-label={t('chat.screen.composer.label')}
            aria-describedby={hintId}
            placeholder={t('chat.screen.composer.placeholder', {
              name: conversationName(c),
            })}
            aria-invalid={tooLong || undefined}
            data-testid="composer-input"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                if (replyTo || editing) props.onDone();
                else props.onEscape();
              }
            }}
          />
        </Box>
        <IconButton
          colorPalette="brand"
          aria-label={editing ? t('chat.screen.composer.save') : t('chat.screen.composer.send')}
          onClick={() => void submit()}
          disabled={uploading || tooLong || (!text.trim() && !attachment?.name)}
          loading={busy}
          data-testid="composer-send"
        >
          <Send aria-hidden />
        </IconButton>
      </HStack>
      <Text id={hintId} fontSize="xs" color={tooLong ? 'fg.error' : 'fg.muted'} display={{ base: tooLong ? 'block' : 'none', md: 'block' }}>
        {tooLong
          ? t('chat.screen.composer.tooLong', { max: MESSAGE_BODY_MAX })
          : text.length > MESSAGE_BODY_MAX - 200
            ? t('chat.screen.composer.remaining', {
                count: MESSAGE_BODY_MAX - text.length,
              })
            : t('chat.screen.composer.hint')}
      </Text>
    </Stack>
  );
}
