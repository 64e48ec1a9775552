import { Button, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import type { CommunityTabProps } from '../../shell/parts';
import { MemberDirectory } from './member-directory';

export function MembersTab({ community: c }: CommunityTabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      {can(c.role, 'members.manage') && (
        <Button asChild size="sm" variant="outline" alignSelf="flex-end">
          <Link to="/community/$id/settings" params={{ id: String(c.id) }} search={{ section: 'members' }}>
            {t('communities.dashboard.manage')}
          </Link>
        </Button>
      )}
      <MemberDirectory communityId={c.id} />
    </Stack>
  );
}
