// Chakra's components by their own path: see content.ts.
import { Badge } from '@chakra-ui/react/badge';
import { Box, type BoxProps } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card, type CardRootProps } from '@chakra-ui/react/card';
import { Circle } from '@chakra-ui/react/circle';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { List } from '@chakra-ui/react/list';
import { SimpleGrid, type SimpleGridProps } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
// Icons by their own path: see content.ts.
import ArrowRight from 'lucide-react/icons/arrow-right';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Compass from 'lucide-react/icons/compass';
import Eye from 'lucide-react/icons/eye';
import Target from 'lucide-react/icons/target';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FEATURE_POINTS, FEATURES, PURPOSES, STATS, TEAM } from './content';
import { SCROLL_OFFSET } from './section-nav';

/** A page section and anchor target: focusable by script (as a fragment link would make it), not by Tab. */
export function Section({ id, children, ...rest }: { id: string; children: ReactNode } & BoxProps) {
  return (
    <Box
      as="section"
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      scrollMarginTop={SCROLL_OFFSET}
      outline="none"
      _focusVisible={{ outline: 'none' }}
      py={{ base: '14', md: '20' }}
      {...rest}
    >
      {children}
    </Box>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: 'center' | 'start';
}) {
  const centred = align === 'center';
  return (
    <Stack gap="3" textAlign={centred ? 'center' : 'start'} maxW="2xl" mx={centred ? 'auto' : undefined} mb={{ base: '8', md: '12' }}>
      <Text color="brand.fg" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" fontSize="sm">
        {eyebrow}
      </Text>
      <Heading as="h2" id={`${id}-title`} size={{ base: '2xl', md: '4xl' }} letterSpacing="tight">
        {title}
      </Heading>
      {intro && (
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          {intro}
        </Text>
      )}
    </Stack>
  );
}

function IconBadge({ children, palette = 'brand' }: { children: ReactNode; palette?: string }) {
  return (
    <Circle size="12" bg="colorPalette.subtle" color="colorPalette.fg" colorPalette={palette} flexShrink={0}>
      {children}
    </Circle>
  );
}

/**
 * A section of cards under its heading: the catalogue's `landing.<id>.eyebrow`, `.title` and
 * `.intro`, then the cards as a list on a grid of `columns`.
 */
function CardListSection({ id, bg, columns, children }: { id: 'purpose' | 'features' | 'team'; bg?: string; columns: SimpleGridProps['columns']; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Section id={id} bg={bg}>
      <Container maxW="6xl">
        <SectionHeading id={id} eyebrow={t(`landing.${id}.eyebrow`)} title={t(`landing.${id}.title`)} intro={t(`landing.${id}.intro`)} />
        <SimpleGrid as="ul" listStyleType="none" columns={columns} gap="5">
          {children}
        </SimpleGrid>
      </Container>
    </Section>
  );
}

/** A card of a section's list, opened by its icon in a badge of `palette` (with `aside` beside the badge, as a status). */
function IconCard({ icon: Icon, palette, aside, gap, children, ...root }: { icon: LucideIcon; palette?: string; aside?: ReactNode; gap: string; children: ReactNode } & Omit<CardRootProps, 'children'>) {
  const badge = (
    <IconBadge palette={palette}>
      <Icon aria-hidden />
    </IconBadge>
  );
  return (
    <Card.Root as="li" {...root}>
      <Card.Body gap={gap}>
        {aside ? (
          <HStack justify="space-between" align="start">
            {badge}
            {aside}
          </HStack>
        ) : (
          badge
        )}
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A catalogue text whose <hl>…</hl> part shows in the brand colour. Done here rather than with
 * react-i18next's Trans, whose parser would add about 5 KB to the landing page's first load.
 */
function Highlighted({ text }: { text: string }) {
  // split() with a capturing group: the odd entries are the highlighted parts.
  return text.split(/<hl>(.*?)<\/hl>/).map((part, i) =>
    i % 2 ? (
      <Text as="span" color="brand.fg" key={i}>
        {part}
      </Text>
    ) : (
      part
    ),
  );
}

export function Hero({ appName }: { appName: string }) {
  const { t } = useTranslation();
  return (
    <Section id="home" pt={{ base: '10', md: '16' }} bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg.subtle">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '8', lg: '12' }} alignItems="center">
          <Stack gap={{ base: '5', md: '6' }}>
            <Text color="brand.fg" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" fontSize="sm">
              {t('landing.hero.eyebrow', { appName })}
            </Text>
            <Heading as="h1" id="home-title" size={{ base: '4xl', md: '6xl' }} lineHeight="1.05" letterSpacing="tight">
              <Highlighted text={t('landing.hero.title')} />
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              {t('landing.hero.slogan')}
            </Text>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild size="lg" colorPalette="brand">
                <Link to="/signup">
                  {t('landing.createOwn')} <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" bg="bg">
                <Link to="/discover">
                  <Compass aria-hidden /> {t('common.discoverCommunities')}
                </Link>
              </Button>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t('landing.hero.audience')}
            </Text>
          </Stack>
          <Box maxW={{ base: '320px', md: '420px', lg: '480px' }} mx="auto" w="full">
            <Image
              src="/landing/hero.svg"
              alt={t('landing.hero.imageAlt')}
              w="full"
              h="auto"
              aspectRatio="6 / 5"
              fetchPriority="high"
            />
          </Box>
        </SimpleGrid>
      </Container>
    </Section>
  );
}

export function Stats({ appName }: { appName: string }) {
  const { t } = useTranslation();
  return (
    <Section id="stats" py={{ base: '10', md: '14' }} bg="bg" borderYWidth="1px">
      <Container maxW="6xl">
        <Heading as="h2" id="stats-title" srOnly>
          {t('landing.stats.title', { appName })}
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, lg: 4 }} gap={{ base: '6', md: '8' }}>
          {STATS.map((id) => (
            <Stack as="li" key={id} gap="1" textAlign={{ base: 'start', lg: 'center' }}>
              <Text fontSize={{ base: '4xl', md: '5xl' }} fontWeight="bold" lineHeight="1" color="brand.fg">
                {t(`landing.stats.${id}.value`)}
              </Text>
              <Text fontWeight="semibold">{t(`landing.stats.${id}.label`)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t(`landing.stats.${id}.detail`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Section>
  );
}

export function Story({ appName }: { appName: string }) {
  const { t } = useTranslation();
  return (
    <Section id="story">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '8', lg: '14' }} alignItems="center">
          <Box>
            <SectionHeading id="story" eyebrow={t('landing.story.eyebrow')} title={t('landing.story.title')} align="start" />
            <Stack gap="4" fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" mt={{ base: '-4', md: '-6' }}>
              <Text>{t('landing.story.p1')}</Text>
              <Text>{t('landing.story.p2')}</Text>
              <Text>{t('landing.story.p3', { appName })}</Text>
            </Stack>
          </Box>
          <Image
            src="/landing/story.svg"
            alt={t('landing.story.imageAlt')}
            w="full"
            h="auto"
            aspectRatio="3 / 2"
            maxW="520px"
            mx="auto"
            loading="lazy"
          />
        </SimpleGrid>
      </Container>
    </Section>
  );
}

export function MissionVision() {
  const { t } = useTranslation();
  const cards = [
    { id: 'mission', icon: <Target aria-hidden />, palette: 'brand' },
    { id: 'vision', icon: <Eye aria-hidden />, palette: 'orange' },
  ] as const;
  return (
    <Section id="mission-vision" bg="bg">
      <Container maxW="6xl">
        <SectionHeading id="mission-vision" eyebrow={t('landing.missionVision.eyebrow')} title={t('landing.missionVision.title')} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {cards.map((c) => (
            <Card.Root
              key={c.id}
              id={c.id}
              tabIndex={-1}
              scrollMarginTop={SCROLL_OFFSET}
              outline="none"
              _focusVisible={{ outline: 'none' }}
              variant="outline"
              borderTopWidth="4px"
              borderTopColor={`${c.palette === 'brand' ? 'brand.solid' : 'orange.solid'}`}
              bg="bg.subtle"
            >
              <Card.Body gap="4">
                <IconBadge palette={c.palette}>{c.icon}</IconBadge>
                <Card.Title as="h3" fontSize="2xl">
                  {t(`landing.missionVision.${c.id}.title`)}
                </Card.Title>
                <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
                  {t(`landing.missionVision.${c.id}.body`)}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Section>
  );
}

export function Purpose() {
  const { t } = useTranslation();
  return (
    <CardListSection id="purpose" columns={{ base: 1, sm: 2, lg: 3 }}>
      {PURPOSES.map((p) => (
        <IconCard key={p.id} icon={p.icon} gap="3" bg="bg">
          <Card.Title as="h3">{t(`landing.purpose.items.${p.id}.title`)}</Card.Title>
          <Text color="fg.muted">{t(`landing.purpose.items.${p.id}.body`)}</Text>
        </IconCard>
      ))}
    </CardListSection>
  );
}

export function Features() {
  const { t } = useTranslation();
  return (
    <CardListSection id="features" bg="bg" columns={{ base: 1, md: 2, lg: 3 }}>
      {FEATURES.map((f) => {
        const soon = f.status === 'soon';
        return (
          <IconCard
            key={f.id}
            icon={f.icon}
            palette={soon ? 'orange' : 'brand'}
            gap="3"
            bg="bg.subtle"
            data-status={f.status}
            aside={
              <Badge colorPalette={soon ? 'orange' : 'green'} size="md" variant="subtle">
                {soon ? t('landing.features.soon') : t('landing.features.available')}
              </Badge>
            }
          >
            <Card.Title as="h3">{t(`landing.features.items.${f.id}.title`)}</Card.Title>
            <Text color="fg.muted">{t(`landing.features.items.${f.id}.body`)}</Text>
            <List.Root gap="1.5" variant="plain" fontSize="sm">
              {FEATURE_POINTS.map((pt) => (
                <List.Item key={pt} alignItems="center">
                  <List.Indicator asChild color={soon ? 'orange.fg' : 'green.fg'}>
                    {soon ? <Clock aria-hidden /> : <CircleCheck aria-hidden />}
                  </List.Indicator>
                  {t(`landing.features.items.${f.id}.${pt}`)}
                </List.Item>
              ))}
            </List.Root>
          </IconCard>
        );
      })}
    </CardListSection>
  );
}

export function Team() {
  const { t } = useTranslation();
  return (
    <CardListSection id="team" columns={{ base: 1, sm: 2, lg: 4 }}>
      {TEAM.map((m) => (
        // An icon in the card's own colour opens it: no picture-sized block that reads as an image that failed to load.
        <IconCard key={m.id} icon={m.icon} palette={m.palette} gap="1.5" bg="bg" borderTopWidth="4px" borderTopColor={`${m.palette}.solid`}>
          <Card.Title as="h3" mt="2">
            {t(`landing.team.items.${m.id}.name`)}
          </Card.Title>
          <Text color="brand.fg" fontWeight="semibold" fontSize="sm">
            {t(`landing.team.items.${m.id}.title`)}
          </Text>
          <Text color="fg.muted" fontSize="sm" mt="1">
            {t(`landing.team.items.${m.id}.body`)}
          </Text>
        </IconCard>
      ))}
    </CardListSection>
  );
}

export function ClosingCta({ appName }: { appName: string }) {
  const { t } = useTranslation();
  return (
    <Section id="get-started" bg="bg" py={{ base: '12', md: '16' }}>
      <Container maxW="6xl">
        <Stack
          align="center"
          textAlign="center"
          gap="5"
          bg="brand.solid"
          color="brand.contrast"
          rounded="2xl"
          px={{ base: '6', md: '12' }}
          py={{ base: '10', md: '14' }}
          css={{ '& :focus-visible': { outlineColor: 'var(--chakra-colors-brand-contrast)' } }}
        >
          <Heading as="h2" id="get-started-title" size={{ base: '2xl', md: '4xl' }} letterSpacing="tight">
            {t('landing.cta.title')}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} maxW="2xl">
            {t('landing.cta.body', { appName })}
          </Text>
          <HStack gap="3" flexWrap="wrap" justify="center">
            <Button asChild size="lg" bg="brand.contrast" color="brand.solid" _hover={{ opacity: 0.9 }} focusRingColor="brand.contrast">
              <Link to="/signup">
                {t('landing.createOwn')} <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              color="brand.contrast"
              borderColor="brand.contrast"
              _hover={{ bg: 'brand.contrast/15' }}
              focusRingColor="brand.contrast"
            >
              <Link to="/discover">
                <Compass aria-hidden /> {t('common.discoverCommunities')}
              </Link>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Section>
  );
}
