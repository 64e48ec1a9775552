import { Badge, Box, Button, Card, Circle, Container, Heading, HStack, Image, List, SimpleGrid, Stack, Text, type BoxProps } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CircleCheck, Clock, Compass, Eye, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { FEATURES, MISSION, PURPOSES, SLOGAN, STATS, TAGLINE, TEAM, VISION, story } from './content';
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

export function Hero({ appName }: { appName: string }) {
  const [first, ...rest] = TAGLINE.split(' meets ');
  return (
    <Section id="home" pt={{ base: '10', md: '16' }} bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg.subtle">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '8', lg: '12' }} alignItems="center">
          <Stack gap={{ base: '5', md: '6' }}>
            <Text color="brand.fg" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" fontSize="sm">
              {appName} · Let us all pull together
            </Text>
            <Heading as="h1" id="home-title" size={{ base: '4xl', md: '6xl' }} lineHeight="1.05" letterSpacing="tight">
              {first}{' '}
              <Text as="span" color="brand.fg">
                meets {rest.join(' meets ')}
              </Text>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              {SLOGAN}
            </Text>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild size="lg" colorPalette="brand">
                <Link to="/signup">
                  Create Your Own <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" bg="bg">
                <Link to="/discover">
                  <Compass aria-hidden /> Discover Communities
                </Link>
              </Button>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              For hometown associations, cultural groups, student and faith unions, and njangi, tontine and susu circles.
            </Text>
          </Stack>
          <Box maxW={{ base: '320px', md: '420px', lg: '480px' }} mx="auto" w="full">
            <Image
              src="/landing/hero.svg"
              alt="Illustration: six people holding one rope in a circle around a tree, pulling together"
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
  return (
    <Section id="stats" py={{ base: '10', md: '14' }} bg="bg" borderYWidth="1px">
      <Container maxW="6xl">
        <Heading as="h2" id="stats-title" srOnly>
          {appName} at a glance
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, lg: 4 }} gap={{ base: '6', md: '8' }}>
          {STATS.map((s) => (
            <Stack as="li" key={s.label} gap="1" textAlign={{ base: 'start', lg: 'center' }}>
              <Text fontSize={{ base: '4xl', md: '5xl' }} fontWeight="bold" lineHeight="1" color="brand.fg">
                {s.value}
              </Text>
              <Text fontWeight="semibold">{s.label}</Text>
              <Text fontSize="sm" color="fg.muted">
                {s.detail}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Section>
  );
}

export function Story({ appName }: { appName: string }) {
  return (
    <Section id="story">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '8', lg: '14' }} alignItems="center">
          <Box>
            <SectionHeading id="story" eyebrow="Our Story" title="An old idea, a new home" align="start" />
            <Stack gap="4" fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" mt={{ base: '-4', md: '-6' }}>
              {story(appName).map((p) => (
                <Text key={p.slice(0, 24)}>{p}</Text>
              ))}
            </Stack>
          </Box>
          <Image
            src="/landing/story.svg"
            alt="Illustration: a chat message, a spreadsheet and a notebook coming together into one shared house"
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
  const cards = [
    { id: 'mission', ...MISSION, icon: <Target aria-hidden />, palette: 'brand' },
    { id: 'vision', ...VISION, icon: <Eye aria-hidden />, palette: 'orange' },
  ];
  return (
    <Section id="mission-vision" bg="bg">
      <Container maxW="6xl">
        <SectionHeading id="mission-vision" eyebrow="Mission & Vision" title="Why we do this" />
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
                  {c.title}
                </Card.Title>
                <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
                  {c.body}
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
  return (
    <Section id="purpose">
      <Container maxW="6xl">
        <SectionHeading
          id="purpose"
          eyebrow="Purpose"
          title="What community life is for"
          intro="Software is only worth it if it helps with what matters. These six aims guide what we build."
        />
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
          {PURPOSES.map((p) => {
            const Icon = p.icon;
            return (
              <Card.Root as="li" key={p.title} bg="bg">
                <Card.Body gap="3">
                  <IconBadge>
                    <Icon aria-hidden />
                  </IconBadge>
                  <Card.Title as="h3">{p.title}</Card.Title>
                  <Text color="fg.muted">{p.body}</Text>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Container>
    </Section>
  );
}

export function Features() {
  return (
    <Section id="features" bg="bg">
      <Container maxW="6xl">
        <SectionHeading
          id="features"
          eyebrow="Features"
          title="What works today, and what comes next"
          intro="Features marked Available are ready to use now. Those marked Coming Soon are being built; we will say so until they ship."
        />
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="5">
          {FEATURES.map((f) => {
            const Icon = f.icon;
            const soon = f.status === 'soon';
            return (
              <Card.Root as="li" key={f.title} bg="bg.subtle" data-status={f.status}>
                <Card.Body gap="3">
                  <HStack justify="space-between" align="start">
                    <IconBadge palette={soon ? 'orange' : 'brand'}>
                      <Icon aria-hidden />
                    </IconBadge>
                    <Badge colorPalette={soon ? 'orange' : 'green'} size="md" variant="subtle">
                      {soon ? 'Coming Soon' : 'Available'}
                    </Badge>
                  </HStack>
                  <Card.Title as="h3">{f.title}</Card.Title>
                  <Text color="fg.muted">{f.body}</Text>
                  <List.Root gap="1.5" variant="plain" fontSize="sm">
                    {f.points.map((pt) => (
                      <List.Item key={pt} alignItems="center">
                        <List.Indicator asChild color={soon ? 'orange.fg' : 'green.fg'}>
                          {soon ? <Clock aria-hidden /> : <CircleCheck aria-hidden />}
                        </List.Indicator>
                        {pt}
                      </List.Item>
                    ))}
                  </List.Root>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Container>
    </Section>
  );
}

export function Team() {
  return (
    <Section id="team">
      <Container maxW="6xl">
        <SectionHeading
          id="team"
          eyebrow="Team"
          title="It takes a village"
          intro="No one runs a community alone. These are the people who make one work, and the people who build the tools for them."
        />
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
          {TEAM.map((m) => (
            <Card.Root as="li" key={m.name} overflow="hidden" bg="bg">
              <Image src={m.image} alt={m.alt} w="full" h="auto" aspectRatio="8 / 5" loading="lazy" />
              <Card.Body gap="1.5">
                <Card.Title as="h3">{m.name}</Card.Title>
                <Text color="brand.fg" fontWeight="semibold" fontSize="sm">
                  {m.title}
                </Text>
                <Text color="fg.muted" fontSize="sm" mt="1">
                  {m.body}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Section>
  );
}

export function ClosingCta({ appName }: { appName: string }) {
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
            Ready to pull together?
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} maxW="2xl">
            Start a home for your association or savings circle on {appName} in a few minutes, or look around the communities
            that are already here.
          </Text>
          <HStack gap="3" flexWrap="wrap" justify="center">
            <Button asChild size="lg" bg="brand.contrast" color="brand.solid" _hover={{ opacity: 0.9 }} focusRingColor="brand.contrast">
              <Link to="/signup">
                Create Your Own <ArrowRight aria-hidden />
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
                <Compass aria-hidden /> Discover Communities
              </Link>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Section>
  );
}
