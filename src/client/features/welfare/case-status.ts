import type { MessageKey } from '@shared/i18n/catalogue';
import { can } from '@shared/permissions';
import type { CaseStatus } from '@shared/welfare/rules';
import type { Community } from '../communities/membership';

export const caseStatusKey = (s: CaseStatus) => `welfare.status.${s}` as MessageKey;

export const CASE_STATUS_COLOR: Record<CaseStatus, string> = {
  open: 'orange',
  verified: 'orange',
  approved: 'blue',
  collecting: 'blue',
  paid: 'purple',
  confirmed: 'green',
  closed: 'gray',
  rejected: 'red',
};

/** Whether this member decides cases (the permission table's welfare.manage). */
export const isWelfareOfficer = (c: Pick<Community, 'role'>) => can(c.role, 'welfare.manage');
