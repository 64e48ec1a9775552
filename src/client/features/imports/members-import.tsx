import { Alert, Badge, Button, Card, List, Progress, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import type { ImportOutputs } from './shared';
import { FileStep, Templates } from './file-step';
import { useImportCheck } from './use-import-check';
import { PreviewRows } from './preview-rows';

type Summary = ImportOutputs['members'];

const ACTION_COLOR = { join: 'green', invite: 'blue', alreadyMember: 'gray', alreadyInvited: 'gray', noEmail: 'orange' } as const;

/** Members from a spreadsheet: check, look at every row, import all or none, read the summary. */
export function MembersImport({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preview = useMutation(trpc.imports.previewMembers.mutationOptions());
  const run = useMutation(trpc.imports.members.mutationOptions());
  const [summary, setSummary] = useState<Summary | null>(null);
  const [key, setKey] = useState(0);
  const { checked, setChecked, check } = useImportCheck(preview.mutateAsync, { communityId }, () => setSummary(null));

  async function importAll() {
    if (!checked) return;
    try {
      setSummary(await run.mutateAsync({ communityId, language: checked.language, file: checked.file }));
      setChecked(null);
      await queryClient.invalidateQueries();
    } catch (error) {
      notify.error(t('imports.ledger.failed'), errorInfo(error).message);
    }
  }

  const toWrite = checked ? checked.preview.rows.filter((r) => r.action === 'join' || r.action === 'invite').length : 0;
  return (
    <Stack gap="5">
      <Text>{t('imports.members.intro')}</Text>
      <Templates kind="members" />
      {summary ? (
        <Result summary={summary} onAgain={() => (setSummary(null), setKey(key + 1))} />
      ) : (
        <FileStep key={key} id="members-import" busy={preview.isPending} onCheck={(f, l) => void check(f, l)} />
      )}
      {checked && !summary && (
        <Stack gap="4" as="section" aria-label={t('imports.preview.title')}>
          <PreviewRows
            rows={checked.preview.rows}
            withProblems={checked.preview.withProblems}
            render={(r) => ({
              title: r.name || '—',
              details: [r.email, r.phone, t(`imports.members.roles.${r.role}`), r.category, r.joined && t('imports.members.joined', { date: formatDate(`${r.joined}T12:00:00Z`, { style: 'short' }) })].filter(Boolean).join(' · '),
              action: r.action && <Badge colorPalette={ACTION_COLOR[r.action]}>{t(`imports.members.action.${r.action}`)}</Badge>,
            })}
          />
          {run.isPending && (
            <Stack gap="1" role="status">
              <Text fontSize="sm">{t('imports.members.importing')}</Text>
              <Progress.Root value={null} size="sm" colorPalette="brand">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          )}
          <Button colorPalette="brand" alignSelf="flex-start" disabled={checked.preview.withProblems > 0 || toWrite === 0} loading={run.isPending} onClick={() => void importAll()}>
            {t('imports.members.confirm', { count: toWrite })}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function Result({ summary, onAgain }: { summary: Summary; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Card.Root as="section" aria-labelledby="members-import-done">
      <Card.Body gap="3">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title id="members-import-done">{t('imports.members.done')}</Alert.Title>
        </Alert.Root>
        <List.Root ps="4">
          <List.Item>{t('imports.members.result.joined', { count: summary.joined })}</List.Item>
          <List.Item>{t('imports.members.result.invited', { count: summary.invited })}</List.Item>
          <List.Item>{t('imports.members.result.alreadyMembers', { count: summary.alreadyMembers })}</List.Item>
          <List.Item>{t('imports.members.result.alreadyInvited', { count: summary.alreadyInvited })}</List.Item>
          {summary.notEmailed > 0 && <List.Item>{t('imports.members.result.notEmailed', { count: summary.notEmailed })}</List.Item>}
        </List.Root>
        {summary.noEmail.length > 0 && (
          <Stack gap="1">
            <Text fontWeight="medium">{t('imports.members.result.noEmail')}</Text>
            <List.Root ps="4" fontSize="sm">
              {summary.noEmail.map((p) => (
                <List.Item key={p.line}>
                  {p.name} · {p.phone}
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        )}
        <Button variant="outline" alignSelf="flex-start" onClick={onAgain}>
          {t('imports.members.another')}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
