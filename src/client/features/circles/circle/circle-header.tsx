import { Alert, Badge, Box, Heading, HStack, Link as ChakraLink, Progress, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { communityQuery } from '../../communities/queries';
import { PAYOUT_METHOD_KEY, STATUS_COLOR, STATUS_KEY, type Detail } from './model';

/** The circle's name, status, organiser and community, how many hands are taken, and how it ended. */
export function CircleHeader({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const c = d.circle;
  // The community's name for the way back; the circle page does without it until it arrives.
  const community = useQuery(communityQuery(c.communityId));
  return (
    <Stack gap="3" as="header">
      <HStack gap="4" flexWrap="wrap" fontSize="sm">
        <ChakraLink asChild color="brand.fg">
          <Link to="/njangi">
            <ChevronLeft size={16} aria-hidden /> {t('circle.backToCircles')}
          </Link>
        </ChakraLink>
        {community.data && (
          <ChakraLink asChild color="brand.fg">
            <Link to="/community/$id" params={{ id: String(c.communityId) }}>
              {community.data.name}
            </Link>
          </ChakraLink>
        )}
      </HStack>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
        <Box minW="0">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
            {c.name}
          </Heading>
          <HStack gap="2" mt="2" flexWrap="wrap">
            <Badge colorPalette={STATUS_COLOR[c.status]} data-testid="circle-status">
              {t(STATUS_KEY[c.status])}
            </Badge>
            <Badge variant="outline">{t(PAYOUT_METHOD_KEY[c.payoutMethod])}</Badge>
            {d.viewer.isOrganiser && <Badge colorPalette="brand">{t('circle.youOrganise')}</Badge>}
          </HStack>
          <Text color="fg.muted" mt="2">
            {t('circle.organisedBy', { name: c.organiserName })}
          </Text>
        </Box>
        <Stack gap="1" minW={{ md: '60' }} data-testid="hands-filled">
          <Text fontWeight="medium">{t('circle.handsFilled', { filled: d.filledHands, total: c.hands })}</Text>
          <Progress.Root value={Math.min(d.filledHands, c.hands)} max={c.hands} size="sm" colorPalette="brand" aria-label={t('circle.handsFilled', { filled: d.filledHands, total: c.hands })}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      </Stack>
      {c.description && (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {c.description}
        </Text>
      )}
      {c.status === 'cancelled' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('circle.cancelled.title')}</Alert.Title>
            {c.cancelReason && <Alert.Description>{t('circle.cancelled.reason', { reason: c.cancelReason })}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {c.status === 'completed' && (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('circle.completed.title')}</Alert.Title>
            <Alert.Description>{t('circle.completed.body')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
