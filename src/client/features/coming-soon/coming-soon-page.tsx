import { Badge, Box, Button, Card, Circle, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import { ArrowLeft, Compass, Hammer, LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export type UpcomingFeature = { title: string; description: string; icon: LucideIcon };

export type ComingSoonPageProps = {
  /** Page heading, e.g. 'Njangi'. */
  title: string;
  /** What the feature will be, e.g. 'Digital Savings Circles'. */
  subtitle: string;
  description: string;
  icon: LucideIcon;
  /** Three to five cards, one per planned feature. */
  features: UpcomingFeature[];
};

/**
 * The coming-soon screens (/events, /chat). The original promised quarters that have
 * passed; we only say the work is in development and promise no date.
 */
export function ComingSoonPage({ title, subtitle, description, icon: Icon, features }: ComingSoonPageProps) {
  const { t } = useTranslation();
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }} data-testid="coming-soon-page">
      <Stack gap={{ base: '6', md: '8' }}>
        <Box>
          <Button asChild variant="ghost" size="sm" ms="-3">
            <Link to="/dashboard">
              <ArrowLeft aria-hidden /> {t('comingSoon.back')}
            </Link>
          </Button>
        </Box>

        <Card.Root overflow="hidden" data-testid="coming-soon-feature">
          <Box h="2" bgGradient="to-r" gradientFrom="brand.solid" gradientTo="orange.solid" aria-hidden />
          <Card.Body gap="5" p={{ base: '6', md: '10' }}>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="5" align={{ base: 'start', sm: 'center' }}>
              <Circle size={{ base: '16', md: '20' }} bg="brand.subtle" color="brand.fg" flexShrink={0}>
                <Icon size={36} aria-hidden />
              </Circle>
              <Stack gap="2">
                <HStack gap="2" flexWrap="wrap">
                  <Badge colorPalette="orange" size="md">
                    {t('comingSoon.badge')}
                  </Badge>
                </HStack>
                <Heading as="h1" size={{ base: '2xl', md: '4xl' }} letterSpacing="tight">
                  {title}
                </Heading>
                <Text fontSize={{ base: 'lg', md: 'xl' }} color="brand.fg" fontWeight="semibold">
                  {subtitle}
                </Text>
              </Stack>
            </Stack>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="3xl">
              {description}
            </Text>
            <HStack
              gap="3"
              align="start"
              bg="bg.muted"
              rounded="md"
              px="4"
              py="3"
              data-testid="coming-soon-timeline"
            >
              <Box color="orange.fg" mt="0.5">
                <Hammer size={18} aria-hidden />
              </Box>
              <Box>
                <Text fontWeight="semibold">{t('comingSoon.timeline')}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('comingSoon.timelineBody')}
                </Text>
              </Box>
            </HStack>
          </Card.Body>
        </Card.Root>

        <Box as="section" aria-labelledby="upcoming-title">
          <Heading as="h2" id="upcoming-title" size={{ base: 'lg', md: 'xl' }} mb="4">
            {t('comingSoon.upcoming')}
          </Heading>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
            {features.map((f) => {
              const FeatureIcon = f.icon;
              return (
                <Card.Root as="li" key={f.title} size="sm" data-testid="upcoming-feature">
                  <Card.Body gap="3">
                    <HStack gap="3">
                      <Circle size="10" bg="orange.subtle" color="orange.fg" flexShrink={0}>
                        <FeatureIcon size={20} aria-hidden />
                      </Circle>
                      <Card.Title as="h3" fontSize="md">
                        {f.title}
                      </Card.Title>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {f.description}
                    </Text>
                  </Card.Body>
                </Card.Root>
              );
            })}
          </SimpleGrid>
        </Box>

        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center" pt="2">
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/explore">
              <Compass aria-hidden /> {t('comingSoon.explore')}
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden /> {t('comingSoon.returnToDashboard')}
            </Link>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
