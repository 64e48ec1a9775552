import { Dialog } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/root';
import { trpc } from '../trpc';
import { DialogCloseFooter } from './dialog-close';
import { ListStates } from './list-states';

type Joined = inferRouterOutputs<AppRouter>['communities']['joined']['items'][number];

/**
 * A dialog opened away from a community (a circle or an event to create): the caller's
 * communities where `allowed` lets them, then `children` with them. While they load, when they
 * fail, or when none is allowed (`none`, told whether the caller has any community at all), the
 * dialog says so with a Close button.
 */
export function ChooseCommunity(props: {
  allowed: (community: Joined) => boolean;
  failed: string;
  retry: string;
  none: (hasAny: boolean) => ReactNode;
  onDone: () => void;
  children: (communities: Joined[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const q = useQuery(trpc.communities.joined.queryOptions({ limit: 100 }));
  const { allowed } = props;
  const chosen = useMemo(() => (q.data?.items ?? []).filter(allowed), [q.data, allowed]);
  if (!q.isPending && !q.isError && chosen.length > 0) return props.children(chosen);
  return (
    <>
      <Dialog.Body>
        <ListStates query={q} loading={t('common.loading')} rows={2} rowHeight="10" failed={props.failed} retry={props.retry}>
          {() => props.none((q.data?.items.length ?? 0) > 0)}
        </ListStates>
      </Dialog.Body>
      <DialogCloseFooter onClose={props.onDone} />
    </>
  );
}
