import { Alert, Button, Container, Skeleton, type ContainerProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorInfo } from '../lib/errors';

/*
 * The frame of a page that shows one record (a topic, a poll, an event, a savings circle): the
 * page's width and margins, its placeholders while the record loads, the failure with a retry,
 * and "not found" (an id that is no number, a 404, and a 403 alike unless the page says more:
 * the server answers a private record's outsider as it answers an unknown id).
 */

/** A page that has nothing to show (a module of its own, which the router's "not found" page imports alone). */
export { PageUnavailable } from './page-unavailable';

/** The page's column: its width and margins, the same on every record page. */
export function PageFrame({ children, ...container }: ContainerProps) {
  return (
    <Container maxW="5xl" py={{ base: '4', md: '8' }} px={{ base: '3', sm: '4' }} {...container}>
      {children}
    </Container>
  );
}

/** Whether a page's id (from its URL) can name a record at all: a positive whole number. */
export const isRecordId = (id: number): boolean => Number.isSafeInteger(id) && id > 0;

type RecordQuery<T> = { isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; data: T | undefined; refetch: () => unknown };

/**
 * One record's page in the state its query is in: the heading's placeholders (and `skeleton`,
 * the body's) while it loads, `notFound` for an invalid id, a 404 or a 403 (`forbidden` instead
 * for a 403 when given, with the server's words), an alert with a retry when it failed otherwise
 * (unless the record was read before: a failed refresh, offline, keeps showing it), else `children`
 * with the record.
 */
export function RecordPage<T>(props: {
  valid: boolean;
  query: RecordQuery<T>;
  maxW?: ContainerProps['maxW'];
  /** The placeholders' accessible name ("Loading the event…"). */
  loading: string;
  /** `${testId}-loading` on the placeholders. */
  testId?: string;
  skeleton: ReactNode;
  failed: string;
  retry: string;
  notFound: ReactNode;
  forbidden?: (message: string) => ReactNode;
  children: (record: T) => ReactNode;
}) {
  const q = props.query;
  if (!props.valid) return <>{props.notFound}</>;
  if (q.isPending) {
    return (
      <PageFrame maxW={props.maxW} role="status" aria-busy="true" aria-label={props.loading} data-testid={props.testId && `${props.testId}-loading`}>
        <Skeleton h="5" w="32" mb="4" />
        <Skeleton h="10" w="70%" mb="3" />
        <Skeleton h="5" w="40%" mb="6" />
        {props.skeleton}
      </PageFrame>
    );
  }
  if (q.isError) {
    const info = errorInfo(q.error);
    if (info.status === 403 && props.forbidden) return <>{props.forbidden(info.message)}</>;
    if (info.status === 404 || info.status === 403) return <>{props.notFound}</>;
    // A record read before and not refreshed (no network: the frame says so) is still shown.
    if (q.data !== undefined) return <>{props.children(q.data)}</>;
    return (
      <PageFrame maxW={props.maxW} py="8">
        <Alert.Root status="error" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{props.failed}</Alert.Title>
            <Alert.Description>{info.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            {props.retry}
          </Button>
        </Alert.Root>
      </PageFrame>
    );
  }
  return <>{props.children(q.data as T)}</>;
}
