import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PollKind, PollStatus } from '@shared/polls/rules';
import { formatDateTime } from '../../lib/format';

/*
 * Small pieces every poll screen shows the same way: the kind's badge, the status line, the
 * option's label (a yes / no / abstain option's in the interface language).
 */

const KIND = {
  single: 'polls.kind.single',
  multiple: 'polls.kind.multiple',
  yes_no: 'polls.kind.yes_no',
  ranked: 'polls.kind.ranked',
  election: 'polls.kind.election',
} as const satisfies Record<PollKind, string>;

export function useKindLabel() {
  const { t } = useTranslation();
  return (kind: PollKind) => t(KIND[kind]);
}

export function KindBadge({ kind }: { kind: PollKind }) {
  const label = useKindLabel();
  return (
    <Badge variant="subtle" colorPalette={kind === 'election' ? 'purple' : 'gray'} data-testid="poll-kind">
      {label(kind)}
    </Badge>
  );
}

const STATUS_PALETTE = { open: 'green', nominating: 'blue', closed: 'gray', cancelled: 'red' } as const satisfies Record<PollStatus, string>;

/** "Open until {date}", "Taking nominations", "Closed", "Cancelled". */
export function useStatusText() {
  const { t } = useTranslation();
  return (p: { status: PollStatus; closesAt: number }) => {
    switch (p.status) {
      case 'open':
        return t('polls.status.open', { date: formatDateTime(p.closesAt) });
      case 'nominating':
        return t('polls.status.nominating');
      case 'closed':
        return t('polls.status.closed');
      case 'cancelled':
        return t('polls.status.cancelled');
    }
  };
}

export function StatusBadge({ poll }: { poll: { status: PollStatus; closesAt: number } }) {
  const text = useStatusText();
  return (
    <Badge variant="surface" colorPalette={STATUS_PALETTE[poll.status]} whiteSpace="normal" data-testid="poll-status">
      {text(poll)}
    </Badge>
  );
}

const YES_NO = { yes: 'polls.yesNo.yes', no: 'polls.yesNo.no', abstain: 'polls.yesNo.abstain' } as const;

/** An option's label as people read it: yes / no / abstain translated, the others as written. */
export function useOptionLabel() {
  const { t } = useTranslation();
  return (kind: PollKind, label: string) => (kind === 'yes_no' && label in YES_NO ? t(YES_NO[label as keyof typeof YES_NO]) : label);
}
