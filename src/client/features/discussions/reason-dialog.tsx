import { Button } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { MODERATION_REASON_MAX } from '@shared/discussions/rules';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ReasonDialog as AskReason } from '../../components/reason-dialog';
import { useDiscussionAction } from './use-discussion-action';

/**
 * A moderator's action asked for first, with its reason for the audit trail (required unless
 * `optional`): components/reason-dialog.tsx with the moderation's words and test ids. The dialog
 * stays open when the action fails (it reports its own failure).
 */
export function ReasonDialog(props: {
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  optional?: boolean;
  destructive?: boolean;
  onConfirm: (reason: string | undefined) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  return (
    <AskReason
      trigger={props.trigger}
      title={props.title}
      intro={props.description}
      label={t(props.optional ? 'discussions.moderate.reasonOptional' : 'discussions.moderate.reason')}
      helper={t('discussions.moderate.reasonHelp')}
      required={props.optional ? undefined : t('discussions.moderate.reasonRequired')}
      submitLabel={props.confirmLabel}
      cancelLabel={t('discussions.moderate.cancel')}
      destructive={props.destructive ?? false}
      max={MODERATION_REASON_MAX}
      rows={2}
      testIds={{ form: 'moderation-form', reason: 'moderation-reason', submit: 'moderation-confirm' }}
      onSubmit={(reason) => props.onConfirm(reason || undefined)}
    />
  );
}

/** A moderation action's words: its button, the dialog's title and text, and the toast once done. */
export type ModerationWords = { label: MessageKey; title: MessageKey; body: MessageKey; done: MessageKey };

const w = (label: string, title: string, body: string, done: string) =>
  ({ label: `discussions.moderate.${label}`, title: `discussions.moderate.${title}`, body: `discussions.moderate.${body}`, done: `discussions.moderate.${done}` }) as ModerationWords;

/** Each moderation action's words, for a topic and for a reply. */
export const MODERATION = {
  pin: w('pin', 'pinTitle', 'pinBody', 'pinned'),
  unpin: w('unpin', 'unpinTitle', 'unpinBody', 'unpinned'),
  lock: w('lock', 'lockTitle', 'lockBody', 'lockedDone'),
  unlock: w('unlock', 'unlockTitle', 'unlockBody', 'unlockedDone'),
  hideTopic: w('hide', 'hideTopicTitle', 'hideTopicBody', 'hidden'),
  unhideTopic: w('unhide', 'unhideTopicTitle', 'unhideTopicBody', 'shown'),
  hideReply: w('hide', 'hideReplyTitle', 'hideReplyBody', 'hidden'),
  unhideReply: w('unhide', 'unhideReplyTitle', 'unhideReplyBody', 'shown'),
  removeTopic: w('remove', 'removeTopicTitle', 'removeTopicBody', 'removed'),
  removeReply: w('remove', 'removeReplyTitle', 'removeReplyBody', 'removed'),
};

/**
 * A moderation action behind its button: the ReasonDialog with the action's words, the action run
 * with the reason (refreshing the discussion, its toast once done, the shared failure message), and
 * `then` after it succeeded. `small` is the reply's ghost button, otherwise the topic's outline one.
 */
export function ModerationAction(props: {
  words: ModerationWords;
  icon: ReactNode;
  testId: string;
  small?: boolean;
  optional?: boolean;
  destructive?: boolean;
  act: (reason: string | undefined) => Promise<unknown>;
  then?: () => void;
}) {
  const { t } = useTranslation();
  const run = useDiscussionAction();
  const { words } = props;
  return (
    <ReasonDialog
      optional={props.optional}
      destructive={props.destructive}
      trigger={
        <Button size={props.small ? 'xs' : 'sm'} variant={props.small ? 'ghost' : 'outline'} colorPalette={props.destructive ? 'red' : undefined} data-testid={props.testId}>
          {props.icon} {t(words.label)}
        </Button>
      }
      title={t(words.title)}
      description={t(words.body)}
      confirmLabel={t(words.label)}
      onConfirm={async (reason) => {
        const ok = await run(() => props.act(reason), t('discussions.moderate.failed'), t(words.done));
        if (ok) props.then?.();
        return ok;
      }}
    />
  );
}

/**
 * The author's own delete, asked for first (no reason: it is theirs): the topic's (`discussions.page`)
 * or a reply's (`discussions.replies`), each with its delete, deleteTitle, deleteBody, deleteConfirm,
 * deleteFailed and deleted words. The dialog stays open when it fails; `then` runs once it succeeded.
 */
export function DeleteOwn(props: { of: 'page' | 'replies'; small?: boolean; testId: string; act: () => Promise<unknown>; then?: () => void }) {
  const { t } = useTranslation();
  const run = useDiscussionAction();
  const k = `discussions.${props.of}` as const;
  return (
    <ConfirmDialog
      trigger={
        <Button size={props.small ? 'xs' : 'sm'} variant={props.small ? 'ghost' : 'outline'} colorPalette="red" data-testid={props.testId}>
          <Trash2 aria-hidden /> {t(`${k}.delete`)}
        </Button>
      }
      title={t(`${k}.deleteTitle`)}
      description={t(`${k}.deleteBody`)}
      confirmLabel={t(`${k}.deleteConfirm`)}
      onConfirm={async () => {
        if (!(await run(props.act, t(`${k}.deleteFailed`), t(`${k}.deleted`)))) throw new Error('failed');
        props.then?.();
      }}
    />
  );
}
