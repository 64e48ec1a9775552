import { Avatar, Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../auth/current-user';
import { type Detail } from './model';
import { RuledList } from '../../../components/rows';
import { SectionCard } from '../../../components/section-card';

/** Who is in the circle and how many hands each holds (once started, which hands and rounds). */
export function MembersCard({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const c = d.circle;
  return (
    <SectionCard id="circle-members" title={t('circle.members.title')} intro={t('circle.handsFilled', { filled: d.filledHands, total: c.hands })}>
      <RuledList>
        {d.members.map((m) => {
          const hands = d.hands.filter((h) => h.userId === m.userId);
          return (
            <HStack as="li" key={m.userId} gap="3" py="2" data-testid="circle-member" align="flex-start">
              <Avatar.Root size="sm">
                <Avatar.Fallback name={m.name} />
                {m.avatar && <Avatar.Image src={m.avatar} alt="" />}
              </Avatar.Root>
              <Stack gap="0.5" minW="0" flex="1">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    {m.name}
                  </Text>
                  {m.userId === c.organiserId && (
                    <Badge size="sm" colorPalette="brand">
                      {t('circle.members.organiser')}
                    </Badge>
                  )}
                  {m.userId === me.id && (
                    <Badge size="sm" variant="outline">
                      {t('circle.you')}
                    </Badge>
                  )}
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {t('circle.members.hands', { count: m.hands })}
                  {hands.length > 0 &&
                    ` · ${hands.map((h) => (h.position ? t('circle.members.handRound', { hand: h.handNo, round: h.position }) : t('circle.hand', { number: h.handNo }))).join(', ')}`}
                </Text>
              </Stack>
            </HStack>
          );
        })}
      </RuledList>
    </SectionCard>
  );
}
