import { Button, HStack, IconButton, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENDA_MAX_ITEMS, AGENDA_NOTES_MAX, AGENDA_TITLE_MAX } from '@shared/meetings/rules';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { Select } from '../../components/select';
import { useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import { communityTopicsQuery } from '../discussions/queries';
import { communityDocumentsQuery } from '../documents/queries';
import { memberName, useMembers } from '../finances/members';
import { communityPollsQuery } from '../polls/queries';
import { useFieldErrors } from './form-errors';
import type { MeetingData } from './queries';
import { useMeetingsAction } from './use-meetings-action';

/*
 * The leaders' agenda editor: the ordered items, each with a title, a presenter, a time and a
 * planned duration, notes, and optionally a linked poll (a vote taken at the meeting), discussion
 * or document of the community. Saving replaces the whole agenda, in the order shown.
 */

type Draft = { key: number; title: string; presenterId: string; time: string; duration: string; notes: string; pollId: string; topicId: string; documentId: string };
let nextKey = 1;
const blank = (): Draft => ({ key: nextKey++, title: '', presenterId: '', time: '', duration: '', notes: '', pollId: '', topicId: '', documentId: '' });
const idOrNull = (v: string) => (v ? Number(v) : null);

export const AgendaEditorDialog = formDialog(AgendaEditor, (t) => t('meetings.agenda.editTitle'), { base: 'full', md: 'xl' });

function AgendaEditor({ data, onDone }: { data: MeetingData; onDone: () => void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Draft[]>(() =>
    data.agenda.map((a) => ({
      key: nextKey++,
      title: a.title,
      presenterId: a.presenter?.id ?? '',
      time: a.time ?? '',
      duration: a.durationMinutes ? String(a.durationMinutes) : '',
      notes: a.notes,
      pollId: a.poll ? String(a.poll.id) : '',
      topicId: a.topic ? String(a.topic.id) : '',
      documentId: a.document ? String(a.document.id) : '',
    })),
  );
  const links = useLinks(data.meeting.communityId);
  const save = useMutation(trpc.meetings.setAgenda.mutationOptions());
  const act = useMeetingsAction();
  const { errors, place, clear } = useFieldErrors();
  const change = (i: number, patch: Partial<Draft>) => setItems(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...items];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setItems(next);
  };
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    clear();
    const payload = items.map((it) => ({
      title: it.title,
      presenterId: it.presenterId || null,
      time: it.time || null,
      durationMinutes: it.duration ? Number(it.duration) : null,
      notes: it.notes,
      pollId: idOrNull(it.pollId),
      topicId: idOrNull(it.topicId),
      documentId: idOrNull(it.documentId),
    }));
    if (await act(() => save.mutateAsync({ meetingId: data.meeting.id, items: payload }), t('meetings.actionFailed'), t('meetings.agenda.saved'), place)) onDone();
  }
  return (
    <DialogForm onSubmit={(e) => void onSubmit(e)} onCancel={onDone} submitLabel={t('meetings.agenda.save')} busy={save.isPending} testId="agenda-editor">
      {errors.items && <Text color="fg.error">{errors.items}</Text>}
      {items.length === 0 && <Text color="fg.muted">{t('meetings.agenda.noItems')}</Text>}
      {items.map((it, i) => (
        <Stack key={it.key} gap="3" borderWidth="1px" rounded="md" p="3" data-testid="agenda-editor-item">
          <HStack justify="space-between">
            <Text fontWeight="semibold">{t('meetings.agenda.item', { n: i + 1 })}</Text>
            <HStack gap="1">
              <IconButton size="xs" variant="ghost" aria-label={t('meetings.agenda.up', { n: i + 1 })} disabled={i === 0} onClick={() => move(i, -1)}>
                <ArrowUp />
              </IconButton>
              <IconButton size="xs" variant="ghost" aria-label={t('meetings.agenda.down', { n: i + 1 })} disabled={i === items.length - 1} onClick={() => move(i, 1)}>
                <ArrowDown />
              </IconButton>
              <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('meetings.agenda.remove', { n: i + 1 })} onClick={() => setItems(items.filter((_, j) => j !== i))}>
                <Trash2 />
              </IconButton>
            </HStack>
          </HStack>
          <FormField name={`title-${it.key}`} label={t('meetings.agenda.itemTitle')} required>
            <Input id={`title-${it.key}`} value={it.title} maxLength={AGENDA_TITLE_MAX} onChange={(e) => change(i, { title: e.target.value })} />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <FormField name={`presenter-${it.key}`} label={t('meetings.agenda.presenter')}>
              <Select id={`presenter-${it.key}`} value={it.presenterId} placeholder={t('meetings.agenda.nobody')} options={links.members} onChange={(e) => change(i, { presenterId: e.target.value })} />
            </FormField>
            <FormField name={`time-${it.key}`} label={t('meetings.agenda.time')}>
              <Input id={`time-${it.key}`} type="time" step={300} value={it.time} onChange={(e) => change(i, { time: e.target.value })} />
            </FormField>
            <FormField name={`duration-${it.key}`} label={t('meetings.agenda.duration')}>
              <Input id={`duration-${it.key}`} type="number" inputMode="numeric" min={1} max={1440} value={it.duration} onChange={(e) => change(i, { duration: e.target.value })} />
            </FormField>
          </SimpleGrid>
          <FormField name={`notes-${it.key}`} label={t('meetings.agenda.notes')}>
            <Textarea id={`notes-${it.key}`} rows={2} value={it.notes} maxLength={AGENDA_NOTES_MAX} onChange={(e) => change(i, { notes: e.target.value })} />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <FormField name={`poll-${it.key}`} label={t('meetings.agenda.linkPoll')}>
              <Select id={`poll-${it.key}`} value={it.pollId} placeholder={t('meetings.agenda.none')} options={links.polls} onChange={(e) => change(i, { pollId: e.target.value })} />
            </FormField>
            <FormField name={`topic-${it.key}`} label={t('meetings.agenda.linkTopic')}>
              <Select id={`topic-${it.key}`} value={it.topicId} placeholder={t('meetings.agenda.none')} options={links.topics} onChange={(e) => change(i, { topicId: e.target.value })} />
            </FormField>
            <FormField name={`document-${it.key}`} label={t('meetings.agenda.linkDocument')}>
              <Select id={`document-${it.key}`} value={it.documentId} placeholder={t('meetings.agenda.none')} options={links.documents} onChange={(e) => change(i, { documentId: e.target.value })} />
            </FormField>
          </SimpleGrid>
        </Stack>
      ))}
      <Button variant="outline" alignSelf="flex-start" disabled={items.length >= AGENDA_MAX_ITEMS} onClick={() => setItems([...items, blank()])} data-testid="agenda-add">
        <Plus aria-hidden /> {t('meetings.agenda.add')}
      </Button>
    </DialogForm>
  );
}

/** What an item may name: the community's members, its open polls, its latest discussions and documents. */
function useLinks(communityId: number) {
  const { members } = useMembers(communityId);
  const polls = useCursorList(communityPollsQuery(communityId, 'open', 50)).items;
  const topics = useCursorList(communityTopicsQuery(communityId, '', 50)).items;
  const documents = useCursorList(communityDocumentsQuery(communityId, {}, 50)).items;
  return {
    members: members.map((m) => ({ value: m.userId, label: memberName(m) })),
    polls: polls.map((p) => ({ value: p.id, label: p.title })),
    topics: topics.map((p) => ({ value: p.id, label: p.title })),
    documents: documents.map((p) => ({ value: p.id, label: p.title })),
  };
}
