import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FinanceSection } from '@shared/finances/sections';

/** A router link to a section of this community's books (its address: ?tab=finances&section=…). */
export function FinanceSectionLink({ communityId, section, children, ...rest }: { communityId: number; section: FinanceSection; children: ReactNode; 'aria-label'?: string; 'data-testid'?: string }) {
  return (
    <RouterLink to="/community/$id" params={{ id: String(communityId) }} search={{ tab: 'finances', section: section === 'overview' ? undefined : section }} {...rest}>
      {children}
    </RouterLink>
  );
}
