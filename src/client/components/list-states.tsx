import { Button, HStack, Skeleton, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/*
 * The states a list or card of loaded data goes through, drawn alike: still loading (a few
 * row-sized placeholders), failed (what failed, as an alert, with a button to try again), empty
 * (an EmptyNote saying why: components/empty-state.tsx) or the list itself. `ListStates` picks
 * the one to show from the query; the parts stand alone for a list that shows them elsewhere.
 */

/** What ListStates reads of a query (useQuery's and useInfiniteQuery's results have all four). */
export type LoadState = { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };

/** A list still loading: a few row-sized placeholders, announced as busy. */
export function ListSkeleton({ label, rows = 3, rowHeight = '16', ...stack }: { label: string; rows?: number; rowHeight?: string } & StackProps) {
  return (
    <Stack gap="2" role="status" aria-busy="true" aria-label={label} {...stack}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={rowHeight} rounded="md" />
      ))}
    </Stack>
  );
}

/** A list that could not be loaded: says so (as an alert) with a button to try again. */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
  retrying,
  framed,
  testId,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  retrying: boolean;
  framed?: boolean;
  testId?: string;
}) {
  return (
    <HStack gap="3" role="alert" flexWrap="wrap" {...(framed ? { borderWidth: '1px', rounded: 'lg', p: '4' } : {})} data-testid={testId}>
      <Text color="fg.error" fontSize="sm">
        {message}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry} loading={retrying}>
        {retryLabel}
      </Button>
    </HStack>
  );
}

/**
 * A query's list in the state it is in: the placeholders while it loads, the failure with its
 * retry, `empty` (an EmptyNote; pass it only when there is nothing to show) or `children`. A
 * function as children runs only once the data is there.
 */
export function ListStates(props: {
  query: LoadState;
  /** The placeholders' accessible name ("Loading…"). */
  loading: string;
  failed: string;
  retry: string;
  empty?: ReactNode;
  rows?: number;
  rowHeight?: string;
  framed?: boolean;
  failedTestId?: string;
  children: ReactNode | (() => ReactNode);
}) {
  const q = props.query;
  if (q.isPending) return <ListSkeleton label={props.loading} rows={props.rows} rowHeight={props.rowHeight} />;
  if (q.isError) return <LoadFailed message={props.failed} retryLabel={props.retry} onRetry={() => void q.refetch()} retrying={q.isFetching} framed={props.framed} testId={props.failedTestId} />;
  if (props.empty) return <>{props.empty}</>;
  return <>{typeof props.children === 'function' ? props.children() : props.children}</>;
}
