import { Badge, Box, Button, Dialog, HStack, IconButton, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Flag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { EmptyNote } from '../../components/empty-state';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc, trpcClient } from '../../trpc';
import { realName } from '../../lib/person-name';

/*
 * The leaders' list of reported chat messages of one community, from the header of any of its
 * channels (and opened by the report notice's link, ?reports=1). A leader deletes the message or
 * keeps it; either closes every open report of that message (audited on the server). Reporters'
 * names are shown to leaders only: the query answers only to chat.moderate.
 */
export function ReportsButton({ communityId, communityName }: { communityId: number; communityName: string }) {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { reports?: boolean };
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The notice's link may arrive while the chat is already on screen.
  useEffect(() => {
    if (search.reports) setOpen(true);
  }, [search.reports]);
  // The count may be up to half a minute old: the list itself is asked for afresh.
  useEffect(() => {
    if (open) void reports.refetch();
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const close = () => {
    setOpen(false);
    // Without the flag, a reload does not open the list again.
    if (search.reports) void navigate({ to: '/chat', search: (s: Record<string, unknown>) => ({ ...s, reports: undefined }), replace: true });
  };
  const reports = useQuery(trpc.chat.reports.queryOptions({ communityId }, { staleTime: 30_000 }));
  const count = reports.data?.length ?? 0;
  const label = count ? t('chat.screen.reports.buttonCount', { count }) : t('chat.screen.reports.button');
  return (
    <>
      <Box position="relative">
        <IconButton variant="ghost" size="sm" aria-label={label} title={label} onClick={() => setOpen(true)} data-testid="chat-reports">
          <Flag aria-hidden />
        </IconButton>
        {count > 0 && (
          <Badge position="absolute" top="0" insetEnd="0" colorPalette="red" variant="solid" rounded="full" size="xs" aria-hidden pointerEvents="none">
            {count}
          </Badge>
        )}
      </Box>
      <Dialog.Root open={open} onOpenChange={(e) => (e.open ? setOpen(true) : close())} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="chat-reports-dialog">
              <Dialog.Header>
                <Dialog.Title>{t('chat.screen.reports.title', { community: communityName })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {reports.isPending || (reports.isFetching && count === 0) ? (
                  <HStack justify="center" py="6">
                    <Spinner aria-label={t('common.loading')} />
                  </HStack>
                ) : reports.isError ? (
                  <Text color="fg.error">{errorInfo(reports.error).message}</Text>
                ) : count === 0 ? (
                  <EmptyNote icon={<Flag />} testId="chat-reports-empty">
                    {t('chat.screen.reports.empty')}
                  </EmptyNote>
                ) : (
                  <Stack as="ul" listStyleType="none" gap="3">
                    {reports.data.map((r) => (
                      <ReportItem key={r.id} report={r} communityId={communityId} />
                    ))}
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('common.close')}</Button>
                </Dialog.ActionTrigger>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

type Report = inferRouterOutputs<AppRouter>['chat']['reports'][number];

function ReportItem({ report: r, communityId }: { report: Report; communityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'delete' | 'keep' | null>(null);
  async function resolve(deleteMessage: boolean) {
    setBusy(deleteMessage ? 'delete' : 'keep');
    try {
      await trpcClient.chat.resolveReport.mutate({ id: r.id, deleteMessage });
      notify.success(deleteMessage ? t('chat.screen.reports.deleted') : t('chat.screen.reports.kept'));
      await queryClient.invalidateQueries({ queryKey: trpc.chat.reports.queryKey({ communityId }) });
    } catch (e) {
      notify.error(t('chat.screen.reports.failed'), errorInfo(e).message);
    } finally {
      setBusy(null);
    }
  }
  const where = r.conversation.name ? `#${r.conversation.name}` : '';
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="md" p="3" data-testid="chat-report">
      <Text fontSize="sm" color="fg.muted">
        {t('chat.screen.reports.wrote', { name: realName(r.message.author?.name) ?? t('chat.screen.message.formerMember'), where })}
      </Text>
      <Box as="blockquote" borderStartWidth="3px" borderColor="border.emphasized" ps="2" whiteSpace="pre-wrap" overflowWrap="anywhere">
        {r.message.body || t('chat.screen.reports.noText')}
      </Box>
      <Text fontSize="sm">
        {t('chat.screen.reports.by', { name: realName(r.reporter?.name) ?? t('chat.screen.reports.formerMember'), time: formatDateTime(r.createdAt) })}
      </Text>
      <Text fontSize="sm" overflowWrap="anywhere">
        {t('chat.screen.reports.reason', { reason: r.reason })}
      </Text>
      <HStack gap="2" wrap="wrap" justify="flex-end">
        <Button size="sm" variant="outline" loading={busy === 'keep'} disabled={busy !== null} onClick={() => void resolve(false)} data-testid="chat-report-keep">
          {t('chat.screen.reports.keep')}
        </Button>
        {r.message.deletedAt === null && (
          <Button size="sm" colorPalette="red" loading={busy === 'delete'} disabled={busy !== null} onClick={() => void resolve(true)} data-testid="chat-report-delete">
            {t('chat.screen.reports.delete')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
