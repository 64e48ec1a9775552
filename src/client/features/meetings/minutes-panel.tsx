import { Badge, Button, HStack, Input, Link, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppRouter } from '../../../server/trpc/root';
import { FormField } from '../../components/form-field';
import { ListStates } from '../../components/list-states';
import { Markdown } from '../../components/markdown';
import { SectionCard } from '../../components/section-card';
import { Select } from '../../components/select';
import { formatDate, formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { useLaterMeetings } from './later-meetings';
import { useMeetingAction, type MeetingData } from './meeting-data';

type Minutes = inferRouterOutputs<AppRouter>['meetings']['minutes'];

/*
 * A meeting's minutes. The secretaries (meetings.record) write them (from the agenda's template
 * the first time), with a preview, share the draft, put it to a later meeting's vote, and once
 * approved change it only with a reason; every member reads them once shared, with the versions
 * and the PDF in either language.
 */
export function MinutesPanel({ meeting }: { meeting: MeetingData }) {
  const { t } = useTranslation();
  const meetingId = meeting.meeting.id;
  const q = useQuery(trpc.meetings.minutes.queryOptions({ meetingId }));
  const m = q.data;
  return (
    <SectionCard
      id="meeting-minutes"
      testId="meeting-minutes"
      title={t('meetingMinutes.minutes.title')}
      actions={m?.status && <Badge colorPalette={m.status === 'approved' ? 'green' : 'gray'}>{m.status === 'approved' && m.approvedAt ? t('meetingMinutes.minutes.approvedOn', { date: formatDate(m.approvedAt) }) : t(`meetingMinutes.minutes.status.${m.status}`)}</Badge>}
    >
      <ListStates query={q} loading={t('meetingMinutes.loading')} failed={t('meetingMinutes.loadFailed')} retry={t('meetingMinutes.retry')}>
        {() => (
          <Stack gap="5">
            {m!.canRecord ? <MinutesEditor key={`${m!.version}`} meeting={meeting} minutes={m!} /> : m!.body === null ? <Text color="fg.muted">{t(m!.status ? 'meetingMinutes.minutes.notShared' : 'meetingMinutes.minutes.none')}</Text> : <Markdown source={m!.body} testId="minutes-text" />}
            {m!.approval && (
              <Text fontSize="sm" data-testid="minutes-approval">
                {t('meetingMinutes.minutes.approval', { meeting: m!.approval.atMeeting.title, yes: m!.approval.yes ?? 0, no: m!.approval.no ?? 0, abstain: m!.approval.abstain ?? 0 })} ({t(`meetingMinutes.minutes.approvalStatus.${m!.approval.status}`)})
              </Text>
            )}
            {m!.body !== null && <MinutesFiles meetingId={meetingId} minutes={m!} />}
            {m!.versions.length > 0 && <Versions minutes={m!} />}
          </Stack>
        )}
      </ListStates>
    </SectionCard>
  );
}

function MinutesEditor({ meeting, minutes }: { meeting: MeetingData; minutes: Minutes }) {
  const { t } = useTranslation();
  const meetingId = meeting.meeting.id;
  const [body, setBody] = useState(minutes.body ?? minutes.template ?? '');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState(false);
  const save = useMutation(trpc.meetings.saveMinutes.mutationOptions());
  const share = useMutation(trpc.meetings.shareMinutes.mutationOptions());
  const act = useMeetingAction();
  const approved = minutes.status === 'approved';
  const failed = t('meetingMinutes.actionFailed');
  return (
    <Stack gap="3" data-testid="minutes-editor">
      <HStack gap="2">
        <Button size="sm" variant={preview ? 'ghost' : 'subtle'} aria-pressed={!preview} onClick={() => setPreview(false)}>
          {t('meetingMinutes.minutes.write')}
        </Button>
        <Button size="sm" variant={preview ? 'subtle' : 'ghost'} aria-pressed={preview} onClick={() => setPreview(true)}>
          {t('meetingMinutes.minutes.preview')}
        </Button>
      </HStack>
      {preview ? (
        <Markdown source={body} testId="minutes-preview" />
      ) : (
        <FormField name="minutes-body" label={t('meetingMinutes.minutes.text')} helper={t('meetingMinutes.minutes.textHelp')}>
          <Textarea id="minutes-body" value={body} onChange={(e) => setBody(e.target.value)} rows={14} fontFamily="mono" fontSize="sm" />
        </FormField>
      )}
      {approved && (
        <FormField name="minutes-reason" label={t('meetingMinutes.minutes.reason')} helper={t('meetingMinutes.minutes.reasonHelp')} required>
          <Input id="minutes-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} />
        </FormField>
      )}
      <HStack gap="2" flexWrap="wrap">
        <Button
          colorPalette="brand"
          disabled={!body.trim() || (approved && !reason.trim())}
          loading={save.isPending}
          onClick={() => void act(() => save.mutateAsync({ meetingId, body, reason: approved ? reason : undefined }), failed, (r) => t('meetingMinutes.minutes.saved', { version: r.version }))}
        >
          {t('meetingMinutes.minutes.save')}
        </Button>
        {minutes.status === 'draft' && (
          <Button variant="outline" loading={share.isPending} onClick={() => void act(() => share.mutateAsync({ meetingId }), failed, t('meetingMinutes.minutes.sharedToast'))}>
            {t('meetingMinutes.minutes.share')}
          </Button>
        )}
      </HStack>
      {minutes.status === 'shared' && minutes.approval?.status !== 'open' && <ProposeApproval meeting={meeting} />}
    </Stack>
  );
}

function ProposeApproval({ meeting }: { meeting: MeetingData }) {
  const { t } = useTranslation();
  const later = useLaterMeetings(meeting.meeting.communityId, meeting.meeting, true);
  const [atMeetingId, setAtMeetingId] = useState('');
  const propose = useMutation(trpc.meetings.proposeMinutesApproval.mutationOptions());
  const act = useMeetingAction();
  const options = (later.data ?? []).map((m) => ({ value: String(m.id), label: `${m.title} · ${formatDate(m.startsAt)}` }));
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3" data-testid="minutes-propose">
      <Text fontWeight="semibold">{t('meetingMinutes.minutes.propose')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('meetingMinutes.minutes.proposeHelp')}
      </Text>
      <HStack align="end" flexWrap="wrap" gap="3">
        <FormField name="minutes-at-meeting" label={t('meetingMinutes.minutes.atMeeting')}>
          <Select id="minutes-at-meeting" value={atMeetingId} onChange={(e) => setAtMeetingId(e.target.value)} options={[{ value: '', label: t('meetingMinutes.minutes.chooseMeeting') }, ...options]} />
        </FormField>
        <Button
          variant="outline"
          disabled={!atMeetingId}
          loading={propose.isPending}
          onClick={() => void act(() => propose.mutateAsync({ meetingId: meeting.meeting.id, atMeetingId: Number(atMeetingId) }), t('meetingMinutes.actionFailed'), t('meetingMinutes.minutes.proposed'))}
        >
          {t('meetingMinutes.minutes.propose')}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The PDF in either language, and once approved the copy kept in the community's documents. */
function MinutesFiles({ meetingId, minutes }: { meetingId: number; minutes: Minutes }) {
  const { t } = useTranslation();
  const base = `/api/meetings/${meetingId}/minutes.pdf`;
  return (
    <HStack gap="4" flexWrap="wrap" fontSize="sm" data-testid="minutes-files">
      <Link href={`${base}?lang=en`} color="brand.fg" textDecoration="underline">
        {t('meetingMinutes.minutes.pdfEnglish')}
      </Link>
      <Link href={`${base}?lang=fr`} color="brand.fg" textDecoration="underline">
        {t('meetingMinutes.minutes.pdfFrench')}
      </Link>
      {minutes.documentId !== null && (
        <Link href={`/api/documents/${minutes.documentId}/download`} color="brand.fg" textDecoration="underline">
          {t('meetingMinutes.minutes.inDocuments')}
        </Link>
      )}
      {minutes.pdfPending && <Text color="fg.muted">{t('meetingMinutes.minutes.pdfPending')}</Text>}
    </HStack>
  );
}

function Versions({ minutes }: { minutes: Minutes }) {
  const { t } = useTranslation();
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{t('meetingMinutes.minutes.versions')}</Text>
      <List.Root ps="5" fontSize="sm" data-testid="minutes-versions">
        {[...minutes.versions].reverse().map((v) => (
          <List.Item key={v.version}>
            {t('meetingMinutes.minutes.version', { version: v.version, name: v.author?.name ?? '—', date: formatDateTime(v.createdAt) })}
            {v.reason && <Text color="fg.muted">{t('meetingMinutes.minutes.versionReason', { reason: v.reason })}</Text>}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
