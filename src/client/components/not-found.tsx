import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <VStack py="24" gap="4" textAlign="center">
      <Heading as="h1" size="2xl">
        404 Page Not Found
      </Heading>
      <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
      <Button asChild colorPalette="brand">
        <Link to="/">Go home</Link>
      </Button>
    </VStack>
  );
}
