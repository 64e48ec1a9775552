import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

/**
 * A page that has nothing to show: what is missing, why, and the way back. A module of its own
 * because the router's "not found" page (not-found.tsx) loads with every page, the landing page
 * too; the record pages' frame around it (record-page.tsx, with its placeholders and alert) loads
 * with those pages.
 */
export function PageUnavailable({ title, body, back, testId }: { title: string; body: string; back: { to: string; label: string }; testId?: string }) {
  return (
    <VStack py="24" gap="4" textAlign="center" px="4" data-testid={testId}>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {body}
      </Text>
      <Button asChild colorPalette="brand">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </VStack>
  );
}
