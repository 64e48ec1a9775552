import { Box, Card, Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The centred card every account screen uses; full width on phones. */
export function AuthCard(props: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '6', md: '12' }} display="flex" justifyContent="center">
      <Card.Root w="full" maxW="md" variant="elevated">
        <Card.Header>
          <Heading as="h1" size="xl">
            {props.title}
          </Heading>
          {props.subtitle && <Text color="fg.muted">{props.subtitle}</Text>}
        </Card.Header>
        <Card.Body>{props.children}</Card.Body>
        {props.footer && <Card.Footer flexDirection="column" alignItems="stretch" gap="2">{props.footer}</Card.Footer>}
      </Card.Root>
    </Box>
  );
}

/** An underlined link inside an account screen's sentence (its words come from <Trans>). */
export function AuthLink({ to, children }: { to: '/signin' | '/signup'; children?: ReactNode }) {
  return (
    <ChakraLink asChild variant="underline" color="brand.fg">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}
