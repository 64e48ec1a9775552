import { HStack } from '@chakra-ui/react';
import { MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A community's member count and, when it has one, its place: two items of the caller's row of facts. */
export function MembersAndPlace({ community: c }: { community: { memberCount: number; location?: string | null } }) {
  const { t } = useTranslation();
  return (
    <>
      <HStack gap="1">
        <Users size={14} aria-hidden /> {t('common.members', { count: c.memberCount })}
      </HStack>
      {c.location && (
        <HStack gap="1">
          <MapPin size={14} aria-hidden /> {c.location}
        </HStack>
      )}
    </>
  );
}
