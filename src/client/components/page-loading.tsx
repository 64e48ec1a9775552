import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/**
 * A page's own wait for its record once the route has shown (its query has not answered yet),
 * saying what it loads. Not in page-pending.tsx: the router's PagePending loads with every page,
 * this only with the pages that show it.
 */
export function PageLoading({ label }: { label: string }) {
  return (
    <Center py="24" role="status">
      <Stack align="center">
        <Spinner color="brand.solid" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
