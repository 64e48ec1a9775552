import { Input, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { POST_BODY_MAX, TOPIC_CATEGORY_MAX, TOPIC_TITLE_MAX } from '@shared/discussions/rules';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { placeServerIssues } from '../../lib/server-issues';
import { trpc } from '../../trpc';
import { MentionTextarea } from './mention-textarea';
import { refreshDiscussions } from './queries';
import { DialogForm } from '../../components/dialog-form';

/*
 * Start a topic (every member) or edit one's own: title, an optional free category and the body
 * (Markdown, with the @mention autocomplete). The server's field errors go beside their fields.
 * Escape closes the mention list first, the dialog only when no list is open.
 */

type Values = { title: string; category: string; body: string };
type Errors = Partial<Record<keyof Values, string>>;
const FIELDS = ['title', 'category', 'body'] as const;

function TopicDialog(props: { title: string; trigger: ReactElement; children: (close: () => void, setListOpen: (open: boolean) => void) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const listOpen = useRef(false);
  const setListOpen = useCallback((o: boolean) => {
    listOpen.current = o;
  }, []);
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      title={props.title}
      trigger={props.trigger}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      onEscapeKeyDown={(e) => {
        if (listOpen.current) e.preventDefault();
      }}
    >
      {open && props.children(() => setOpen(false), setListOpen)}
    </DialogFrame>
  );
}

function TopicForm(props: {
  communityId: number;
  initial: Values;
  submit: string;
  submitting: string;
  testId: string;
  onSubmit: (values: Values) => Promise<void>;
  onCancel: () => void;
  setListOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(props.initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Values) => (v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const next: Errors = {};
    if (!values.title.trim()) next.title = t('validation.discussions.title');
    if (!values.body.trim()) next.body = t('validation.discussions.body');
    if (next.title || next.body) {
      setErrors(next);
      requestAnimationFrame(() => document.getElementById(next.title ? 'title' : 'body')?.focus());
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(values);
    } catch (error) {
      setErrors({});
      placeServerIssues(error, setErrors, (path) => FIELDS.find((f) => f === path[0]));
      throw error;
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogForm
      onSubmit={(e) => void onSubmit(e).catch(() => undefined)}
      onCancel={props.onCancel}
      submitLabel={props.submit}
      busy={busy}
      busyLabel={props.submitting}
      cancelLabel={t('discussions.form.cancel')}
      testId={props.testId}
      submitTestId={props.testId === 'new-topic-form' ? 'create-topic-submit' : 'edit-topic-submit'}
    >
      <Stack gap="5">
        <FormField name="title" label={t('discussions.form.topicTitle')} error={errors.title} helper={t('discussions.form.titleHelp')} required>
          <Input value={values.title} onChange={(e) => set('title')(e.target.value)} maxLength={TOPIC_TITLE_MAX} autoComplete="off" data-testid="topic-title-input" />
        </FormField>
        <FormField name="category" label={t('discussions.form.category')} error={errors.category} helper={t('discussions.form.categoryHelp')}>
          <Input value={values.category} onChange={(e) => set('category')(e.target.value)} maxLength={TOPIC_CATEGORY_MAX} autoComplete="off" data-testid="topic-category-input" />
        </FormField>
        <FormField name="body" label={t('discussions.form.body')} error={errors.body} helper={t('discussions.form.bodyHelp')} required>
          <MentionTextarea
            communityId={props.communityId}
            value={values.body}
            onValueChange={set('body')}
            onListOpenChange={props.setListOpen}
            rows={8}
            maxLength={POST_BODY_MAX}
            data-testid="topic-body-input"
          />
        </FormField>
      </Stack>
    </DialogForm>
  );
}

/** "New topic": any member starts one; after it is created the topic's page opens. */
export function CreateTopicDialog(props: { communityId: number; trigger: ReactElement }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(trpc.discussions.create.mutationOptions());
  return (
    <TopicDialog title={t('discussions.form.createTitle')} trigger={props.trigger}>
      {(close, setListOpen) => (
        <TopicForm
          communityId={props.communityId}
          initial={{ title: '', category: '', body: '' }}
          submit={t('discussions.form.submit')}
          submitting={t('discussions.form.submitting')}
          testId="new-topic-form"
          setListOpen={setListOpen}
          onCancel={close}
          onSubmit={async (v) => {
            try {
              const created = await create.mutateAsync({ communityId: props.communityId, title: v.title, body: v.body, category: v.category.trim() || null });
              notify.success(t('discussions.form.created'), t('discussions.form.createdBody', { title: created.title }));
              close();
              void refreshDiscussions(queryClient);
              void navigate({ to: '/topics/$id', params: { id: String(created.id) } });
            } catch (error) {
              notify.error(t('discussions.form.failed'), errorInfo(error).message);
              throw error;
            }
          }}
        />
      )}
    </TopicDialog>
  );
}

/** The author edits their topic's title, category and body (the topic is then marked edited). */
export function EditTopicDialog(props: { communityId: number; topic: { id: number; title: string; category: string | null; body: string }; trigger: ReactElement }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.discussions.update.mutationOptions());
  const { topic } = props;
  return (
    <TopicDialog title={t('discussions.form.editTitle')} trigger={props.trigger}>
      {(close, setListOpen) => (
        <TopicForm
          communityId={props.communityId}
          initial={{ title: topic.title, category: topic.category ?? '', body: topic.body }}
          submit={t('discussions.form.save')}
          submitting={t('discussions.form.saving')}
          testId="edit-topic-form"
          setListOpen={setListOpen}
          onCancel={close}
          onSubmit={async (v) => {
            try {
              await update.mutateAsync({ id: topic.id, title: v.title, body: v.body, category: v.category.trim() || null });
              notify.success(t('discussions.form.saved'));
              close();
              void refreshDiscussions(queryClient);
            } catch (error) {
              notify.error(t('discussions.form.saveFailed'), errorInfo(error).message);
              throw error;
            }
          }}
        />
      )}
    </TopicDialog>
  );
}
