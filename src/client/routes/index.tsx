import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({ component: Landing });

const POINTS = [
  { title: 'One home for your community', body: 'Members, leaders and news in one place instead of scattered group chats and spreadsheets.' },
  { title: 'Built for how we gather', body: 'Associations, hometown unions, cultural groups and savings circles (njangi, tontine, susu) run their life together.' },
  { title: 'Yours to host', body: 'Run it on your own server with one command; your members’ data stays with you.' },
];

/** A short landing page until the full one (issue 6) arrives. */
function Landing() {
  return (
    <Box>
      <Container maxW="5xl" py={{ base: '12', md: '20' }}>
        <Stack gap="6" maxW="2xl">
          <Text color="brand.fg" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide" fontSize="sm">
            Tradition meets impact
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
            Let us all pull together.
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
            Harambee takes the busywork out of running a diaspora or cultural community, so its leaders can spend their time on
            the people and the impact.
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild size="lg" colorPalette="brand">
              <Link to="/signup">Create Your Own</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/signin">Sign In</Link>
            </Button>
          </HStack>
        </Stack>
      </Container>
      <Container maxW="5xl" pb="16">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {POINTS.map((p) => (
            <Box key={p.title} bg="bg" borderWidth="1px" rounded="lg" p="6">
              <Heading as="h2" size="md" mb="2">
                {p.title}
              </Heading>
              <Text color="fg.muted">{p.body}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
