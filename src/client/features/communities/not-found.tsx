import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

export function CommunityNotFound() {
  return (
    <VStack py="24" gap="4" textAlign="center" px="4">
      <Heading as="h1" size="2xl">
        Community Not Found
      </Heading>
      <Text color="fg.muted">The community you&apos;re looking for doesn&apos;t exist or has been removed.</Text>
      <Button asChild colorPalette="brand">
        <Link to="/discover">Back to Discover</Link>
      </Button>
    </VStack>
  );
}
