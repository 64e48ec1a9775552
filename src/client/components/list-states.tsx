import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';

/** A list still loading: a few row-sized placeholders, announced as busy. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="2" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h="16" rounded="md" />
      ))}
    </Stack>
  );
}

/** A list that could not be loaded: says so (as an alert) with a button to try again. */
export function LoadFailed(props: { message: string; retryLabel: string; onRetry: () => void; retrying: boolean }) {
  return (
    <HStack gap="3" role="alert" flexWrap="wrap">
      <Text color="fg.error" fontSize="sm">
        {props.message}
      </Text>
      <Button size="xs" variant="outline" onClick={props.onRetry} loading={props.retrying}>
        {props.retryLabel}
      </Button>
    </HStack>
  );
}
