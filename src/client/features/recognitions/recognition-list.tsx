import { HStack, Stack, Text } from '@chakra-ui/react';
import { Award, CalendarCheck, Crown, Flag, HandCoins, PiggyBank, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Recognition, RecognitionKind } from '@shared/recognitions';
import type { LucideIcon } from 'lucide-react';

const ICONS: Record<RecognitionKind, LucideIcon> = {
  years: Timer,
  founder: Flag,
  office: Crown,
  onTimeCircles: HandCoins,
  onTimeDues: Award,
  eventsAttended: CalendarCheck,
  circlesCompleted: PiggyBank,
};

/** One recognition's title, in words ("3 years of membership", "Treasurer"). */
export function useRecognitionTitle() {
  const { t } = useTranslation();
  return (r: Recognition) => {
    switch (r.kind) {
      case 'founder':
        return t('recognitions.kinds.founder.title');
      case 'office':
        return t('recognitions.kinds.office.title', { office: t(`recognitions.offices.${r.role as 'creator' | 'admin' | 'treasurer'}`) });
      default:
        return t(`recognitions.kinds.${r.kind}.title`, { count: r.count ?? 0 });
    }
  };
}

/** Recognitions as a list: each with its icon, its title and what it means, naming the community when asked. */
export function RecognitionList({ items, showCommunity = true }: { items: Recognition[]; showCommunity?: boolean }) {
  const { t } = useTranslation();
  const title = useRecognitionTitle();
  return (
    <Stack as="ul" gap="3" listStyleType="none" p="0" m="0" data-testid="recognitions">
      {items.map((r) => {
        const Icon = ICONS[r.kind];
        return (
          <HStack as="li" key={`${r.kind}-${r.communityId}`} align="start" gap="3" data-kind={r.kind}>
            <Icon size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="var(--chakra-colors-brand-fg)" />
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {title(r)}
              </Text>
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                {showCommunity && <>{t('recognitions.inCommunity', { community: r.communityName })} · </>}
                {t(`recognitions.kinds.${r.kind}.means`, { community: r.communityName })}
              </Text>
            </Stack>
          </HStack>
        );
      })}
    </Stack>
  );
}
