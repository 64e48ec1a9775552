import { Avatar, Button, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Check, Inbox, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../trpc';
import { useCircleAction, type Detail, type JoinRequest } from './model';
import { RuledList } from '../../../components/rows';
import { SectionCard } from '../../../components/section-card';
import { EmptyNote } from '../../../components/empty-state';

/**
 * The organiser's waiting requests, each with the applicant's record across every circle (only
 * the organiser deciding sees it), to approve or decline. Approving never overfills the circle.
 */
export function JoinRequests({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const c = d.circle;
  const run = useCircleAction();
  const decide = useMutation(trpc.njangi.decideJoin.mutationOptions());
  const free = c.hands - d.filledHands;

  const row = (r: JoinRequest) => {
    const fits = r.hands <= free;
    const record: [string, number][] = [
      [t('circle.record.onTime'), r.record.onTime],
      [t('circle.record.late'), r.record.late],
      [t('circle.record.missed'), r.record.missed],
      [t('circle.record.completed'), r.record.circlesCompleted],
      [t('circle.record.disputes'), r.record.disputes],
    ];
    const busy = decide.isPending && decide.variables?.userId === r.userId;
    return (
      <Stack as="li" key={r.userId} gap="3" py="3" data-testid="join-request" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
        <HStack gap="3" align="flex-start" minW="0">
          <Avatar.Root size="sm">
            <Avatar.Fallback name={r.name} />
            {r.avatar && <Avatar.Image src={r.avatar} alt="" />}
          </Avatar.Root>
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {r.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('circle.requests.asks', { count: r.hands, date: formatDate(r.createdAt, { style: 'short' }) })}
            </Text>
            <DataList.Root orientation="horizontal" size="sm" aria-label={t('circle.record.of', { name: r.name })} css={{ flexDirection: 'row', flexWrap: 'wrap', columnGap: '4', rowGap: '1' }}>
              {record.map(([label, n]) => (
                <DataList.Item key={label} gap="1">
                  <DataList.ItemLabel minW="0">{label}</DataList.ItemLabel>
                  <DataList.ItemValue fontWeight="semibold">{n}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            {!fits && (
              <Text fontSize="sm" color="orange.fg">
                {t('circle.requests.tooMany', { count: free })}
              </Text>
            )}
          </Stack>
        </HStack>
        <HStack gap="2" flexShrink={0} flexWrap="wrap">
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!fits}
            loading={busy && decide.variables?.approve === true}
            aria-label={t('circle.requests.approveLabel', { name: r.name })}
            onClick={() => void run(() => decide.mutateAsync({ id: c.id, userId: r.userId, approve: true }), t('circle.requests.approved', { name: r.name }), t('circle.requests.failed'))}
          >
            <Check aria-hidden /> {t('circle.requests.approve')}
          </Button>
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" colorPalette="red" aria-label={t('circle.requests.declineLabel', { name: r.name })}>
                <X aria-hidden /> {t('circle.requests.decline')}
              </Button>
            }
            title={t('circle.requests.declineTitle')}
            description={t('circle.requests.declineBody', { name: r.name })}
            confirmLabel={t('circle.requests.decline')}
            onConfirm={() => run(() => decide.mutateAsync({ id: c.id, userId: r.userId, approve: false }), t('circle.requests.declined', { name: r.name }), t('circle.requests.failed'))}
          />
        </HStack>
      </Stack>
    );
  };

  return (
    <SectionCard id="circle-requests" title={t('circle.requests.title')} intro={t('circle.requests.intro', { count: free })}>
      {d.requests.length === 0 ? <EmptyNote icon={<Inbox />}>{t('circle.requests.empty')}</EmptyNote> : <RuledList>{d.requests.map(row)}</RuledList>}
    </SectionCard>
  );
}
