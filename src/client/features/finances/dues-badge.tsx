import { Badge, type BadgeProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DUES_STATUS_COLOR, DUES_STATUS_KEY } from './labels';
import type { DuesStatus } from './types';

/** A member's overall dues status as a badge: "Paid up to date", "Payment due", "Overdue" or "Nothing owed yet". */
export function DuesBadge({ status, ...props }: { status: DuesStatus } & Omit<BadgeProps, 'children' | 'colorPalette'>) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={DUES_STATUS_COLOR[status]} variant={status === 'none' ? 'outline' : 'subtle'} data-testid="dues-status" data-status={status} {...props}>
      {t(DUES_STATUS_KEY[status])}
    </Badge>
  );
}
