import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASON_MAX } from '@shared/discussions/rules';
import { ReasonDialog as AskReason } from '../../components/reason-dialog';

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
