import { Alert, Box, Button, DataList, Grid, GridItem, Heading, HStack, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Ban, Lock, Pencil } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscussionsBackLink } from '../discussions/back-link';
import { SectionCard } from '../../components/section-card';
import { z } from 'zod';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Markdown } from '../../components/markdown';
import { formatDate, formatDateTime } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { BallotCard } from './ballot';
import { EditPollDialog } from './create-poll-dialog';
import { NominationsCard } from './nominations';
import { KindBadge, StatusBadge, useKindLabel } from './poll-badges';
import { pollQuery } from './queries';
import { ResultsCard, VotersCard } from './results';
import type { PollDetail } from './types';
import { usePollAction } from './use-poll-action';
import { PageFrame, PageUnavailable, RecordPage, isRecordId } from '../../components/record-page';
import { DialogForm } from '../../components/dialog-form';

/**
 * One poll or election. Every member sees what it asks, how it works, their ballot (or why they
 * may not vote), the results when the poll shows them and who voted; an election taking
 * nominations shows them. Managers (canManage) edit, close and cancel it, and run the
 * nominations. What each sees is the server's decision; the page only shows what it was given.
 */
export function PollPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = isRecordId(id);
  const q = useQuery({ ...pollQuery(valid ? id : 0), enabled: valid });
  return (
    <RecordPage
      valid={valid}
      query={q}
      loading={t('polls.page.loading')}
      testId="poll"
      skeleton={
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6">
          <Skeleton h="64" rounded="lg" />
          <Skeleton h="48" rounded="lg" />
        </Grid>
      }
      failed={t('polls.page.loadFailed')}
      retry={t('polls.page.tryAgain')}
      notFound={<PageUnavailable title={t('polls.page.notFoundTitle')} body={t('polls.page.notFoundBody')} back={{ to: '/communities', label: t('polls.page.back') }} testId="poll-not-found" />}
    >
      {(poll) => <PollView key={poll.id} poll={poll} />}
    </RecordPage>
  );
}

function PollView({ poll: p }: { poll: PollDetail }) {
  const nominating = p.kind === 'election' && p.status === 'nominating';
  const results = p.status === 'open' || p.status === 'closed';
  return (
    <PageFrame data-testid="poll-page">
      <Stack gap="6">
        <PollHeader poll={p} />
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
          <GridItem minW="0">
            <Stack gap="6">
              {nominating ? <NominationsCard poll={p} /> : <BallotCard poll={p} />}
              {results && <ResultsCard poll={p} />}
              {results && <VotersCard poll={p} />}
            </Stack>
          </GridItem>
          <GridItem minW="0">
            <Stack gap="6">
              <AboutCard poll={p} />
              {p.canManage && (p.status === 'open' || p.status === 'nominating') && <ManageCard poll={p} />}
            </Stack>
          </GridItem>
        </Grid>
      </Stack>
    </PageFrame>
  );
}

function PollHeader({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const when =
    p.status === 'closed'
      ? t('polls.page.closedAt', { date: formatDateTime(p.closedAt ?? p.closesAt) })
      : p.status === 'cancelled'
        ? null
        : t('polls.page.closesAt', { date: formatDateTime(p.closesAt) });
  return (
    <Stack gap="3">
      <DiscussionsBackLink communityId={p.community.id} label={t('polls.page.in', { community: p.community.name })} testId="poll-community-link" />
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }} overflowWrap="anywhere" data-testid="poll-title">
        {p.title}
      </Heading>
      <HStack gap="2" flexWrap="wrap">
        <KindBadge kind={p.kind} />
        <StatusBadge poll={p} />
        {p.anonymous && (
          <HStack gap="1" fontSize="sm" color="fg.muted">
            <Lock size={14} aria-hidden />
            <Text>{t('polls.page.anonymous')}</Text>
          </HStack>
        )}
      </HStack>
      {when && (
        <Text color="fg.muted" fontSize="sm">
          {when} · {t('polls.voterCount', { count: p.voterCount })}
        </Text>
      )}
      {p.status === 'cancelled' && p.cancelReason && (
        <Alert.Root status="info" data-testid="poll-cancelled">
          <Alert.Indicator>
            <Ban />
          </Alert.Indicator>
          <Alert.Title fontWeight="normal">{t('polls.page.cancelledReason', { reason: p.cancelReason })}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

function AboutCard({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const id = useId();
  const who =
    p.eligibility === 'joined_before'
      ? t('polls.page.whoJoinedBefore', { date: formatDate(p.joinedBefore ?? undefined) })
      : p.eligibility === 'good_standing'
        ? t('polls.page.whoGoodStanding')
        : t('polls.page.whoAll');
  const kind =
    p.kind === 'multiple' && p.maxChoices !== null
      ? `${kindLabel(p.kind)} · ${t('polls.page.maxChoices', { count: p.maxChoices })}`
      : p.kind === 'election'
        ? `${kindLabel(p.kind)} · ${t('polls.page.seats', { count: p.seats ?? 1 })}`
        : kindLabel(p.kind);
  const items = [
    { label: t('polls.page.settingsKind'), value: kind },
    { label: t('polls.page.settingsBallots'), value: t(p.anonymous ? 'polls.page.anonymous' : 'polls.page.named') },
    { label: t('polls.page.settingsResults'), value: t(p.resultsVisibility === 'live' ? 'polls.page.resultsLive' : 'polls.page.resultsAfterClose') },
    { label: t('polls.page.settingsWho'), value: who },
  ];
  return (
    <SectionCard id={id} title={t('polls.page.settings')} testId="poll-settings" bodyGap="5">
      {p.description && (
        <Box overflowWrap="anywhere" data-testid="poll-description">
          <Markdown source={p.description} />
        </Box>
      )}
      <DataList.Root orientation="vertical" size="sm" gap="3">
        {items.map((i) => (
          <DataList.Item key={i.label}>
            <DataList.ItemLabel>{i.label}</DataList.ItemLabel>
            <DataList.ItemValue>{i.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </SectionCard>
  );
}

function ManageCard({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const run = usePollAction();
  const close = useMutation(trpc.polls.close.mutationOptions());
  return (
    <SectionCard id={id} title={t('polls.manage.title')} testId="poll-manage" bodyGap="3">
      <EditPollDialog
        poll={p}
        trigger={
          <Button variant="outline" justifyContent="flex-start" data-testid="poll-edit">
            <Pencil aria-hidden /> {t('polls.edit.open')}
          </Button>
        }
      />
      {p.settingsLocked && (
        <Text fontSize="xs" color="fg.muted">
          {t('polls.form.lockedNote')}
        </Text>
      )}
      <ConfirmDialog
        trigger={
          <Button variant="outline" justifyContent="flex-start" data-testid="poll-close">
            <Lock aria-hidden /> {t('polls.manage.close')}
          </Button>
        }
        title={t('polls.manage.closeTitle')}
        description={t('polls.manage.closeBody')}
        confirmLabel={t('polls.manage.closeConfirm')}
        onConfirm={async () => {
          const ok = await run(
            () => close.mutateAsync({ id: p.id }),
            t('polls.manage.closeFailed'),
            t('polls.manage.closed'),
          );
          if (!ok) throw new Error('not closed');
        }}
      />
      <CancelPollDialog
        poll={p}
        trigger={
          <Button variant="outline" colorPalette="red" justifyContent="flex-start" data-testid="poll-cancel">
            <Ban aria-hidden /> {t('polls.manage.cancel')}
          </Button>
        }
      />
    </SectionCard>
  );
}

const REASON_MAX = 300;
const cancelForm = z.object({ reason: z.string().trim().min(1, 'validation.polls.reason').max(REASON_MAX, 'validation.polls.reasonLong') });

const CancelPollDialog = formDialog(CancelForm, (t, { poll }) => t('polls.manage.cancelTitle', { title: poll.title }), { base: 'full', sm: 'md' });

function CancelForm({ poll: p, onDone }: { poll: PollDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const run = usePollAction();
  const cancel = useMutation(trpc.polls.cancel.mutationOptions());
  const form = useZodForm(cancelForm, { reason: '' });
  const onSubmit = form.submit(t('polls.form.invalid'), async (v) => {
    if (cancel.isPending) return;
    const reason = v.reason;
    const ok = await run(
      () => cancel.mutateAsync({ id: p.id, reason }),
      t('polls.manage.cancelFailed'),
      t('polls.manage.cancelled'),
      form.applyServerError,
    );
    if (ok) onDone();
  });
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={t('polls.manage.cancelConfirm')}
      busy={cancel.isPending}
      busyLabel={t('polls.manage.cancelling')}
      cancelLabel={t('polls.manage.keep')}
      destructive
      testId="cancel-poll-form"
      submitTestId="poll-cancel-submit"
    >
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title fontWeight="normal">{t('polls.manage.cancelIntro')}</Alert.Title>
      </Alert.Root>
      <FormField name="reason" label={t('polls.manage.reason')} error={form.errors.reason} helper={t('polls.manage.reasonHelp')} required>
        <Textarea {...form.field('reason')} rows={3} maxLength={REASON_MAX} data-testid="poll-cancel-reason" />
      </FormField>
    </DialogForm>
  );
}
