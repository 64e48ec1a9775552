import { Alert, Box, Button, HStack, List, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { Select } from '../../components/select';
import { errorInfo } from '../../lib/errors';
import { useAction } from '../../lib/use-action';
import { trpc } from '../../trpc';
import { readFile, type ImportFile } from '../imports/file-step';
import { IMPORT_FILE_MAX_CHARS } from '@shared/schemas/imports';
import { accountName } from '../finances/labels';
import type { Books } from '../finances/types';
import { draftOf, MAPPED, mappingOf, type MappingDraft } from './mapping';
import { COLLECTING_KEYS } from './queries';
import type { StatementPreview } from './types';

const FIELD_KEY = {
  date: 'collecting.upload.fields.date',
  amount: 'collecting.upload.fields.amount',
  credit: 'collecting.upload.fields.credit',
  debit: 'collecting.upload.fields.debit',
  reference: 'collecting.upload.fields.reference',
  counterparty: 'collecting.upload.fields.counterparty',
  transactionId: 'collecting.upload.fields.transactionId',
} as const;

/**
 * Bringing in an account's statement: the account and the file, then its columns (the account's
 * remembered mapping, else one guessed from the headers, each changeable) with its first rows, what
 * it reads and its problems by line; "Bring in" once it reads without a problem. Nothing is written
 * before that (the previews are queries).
 */
export function StatementUpload({ communityId, books, onImported, onCancel }: { communityId: number; books: Books; onImported: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const accounts = books.accounts ?? [];
  const [accountId, setAccountId] = useState(String(accounts.find((a) => a.kind !== 'cash')?.id ?? accounts[0]?.id ?? ''));
  const [chosen, setChosen] = useState<File | null>(null);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [draft, setDraft] = useState<MappingDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = useAction(COLLECTING_KEYS, { wait: true });
  const bring = useMutation(trpc.collecting.importStatement.mutationOptions());

  const ask = (f: ImportFile, m?: MappingDraft) => {
    const mapping = m ? mappingOf(m) : undefined;
    return queryClient.fetchQuery({ ...trpc.collecting.previewStatement.queryOptions({ communityId, accountId: Number(accountId), file: f, mapping: mapping ?? undefined }), staleTime: 0, gcTime: 0 });
  };

  async function run(step: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (e) {
      setError(errorInfo(e).message);
    } finally {
      setBusy(false);
    }
  }

  /** The file read as the server sees it; with a complete mapping (remembered or guessed) its lines are checked at once. */
  const readIt = () =>
    run(async () => {
      if (!chosen) throw new Error(t('collecting.upload.chooseFile'));
      let f: ImportFile;
      try {
        f = await readFile(chosen);
      } catch {
        throw new Error(t('imports.file.unreadable'));
      }
      if (f.content.length > IMPORT_FILE_MAX_CHARS) throw new Error(t('imports.file.tooLarge'));
      setFile(f);
      let answer = await ask(f);
      const next = draftOf(answer.mapping);
      if (!answer.read && mappingOf(next)) answer = await ask(f, next);
      setDraft(next);
      setPreview(answer);
    });

  const check = () => run(async () => setPreview(await ask(file!, draft!)));

  const change = (field: keyof MappingDraft, value: string) => {
    setDraft((d) => (d ? { ...d, [field]: value } : d));
    // What was read was read with the old columns.
    setPreview((p) => (p ? { ...p, read: null } : p));
  };

  const bringIn = async () => {
    const mapping = draft && mappingOf(draft);
    if (!file || !mapping) return;
    let made = 0;
    const ok = await act(
      () => bring.mutateAsync({ communityId, accountId: Number(accountId), file, mapping }),
      t('collecting.upload.failed'),
      (r) => {
        made = r.id;
        return { title: t('collecting.upload.done', { count: r.added }), body: r.skipped ? t('collecting.upload.skipped', { count: r.skipped }) : undefined };
      },
      (e) => setError(errorInfo(e).message),
    );
    if (ok) onImported(made);
  };

  const read = preview?.read ?? null;
  const ready = !!read && read.problemCount === 0 && !!draft && !!mappingOf(draft);
  const options = (preview?.headers ?? []).map((h) => ({ value: h, label: h }));

  return (
    <Stack gap="4" data-testid="statement-upload">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField name={`${id}-account`} label={t('collecting.upload.account')}>
          <Select
            value={accountId}
            onChange={(e) => {
              setAccountId(e.target.value);
              setPreview(null);
            }}
            options={accounts.map((a) => ({ value: String(a.id), label: accountName(t, a) }))}
          />
        </FormField>
        <FormField name={`${id}-file`} label={t('collecting.upload.file')} helper={t('collecting.upload.fileHelp')}>
          <input
            ref={input}
            type="file"
            data-testid="statement-file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            style={{ display: 'none' }}
            onChange={(e) => {
              setChosen(e.target.files?.[0] ?? null);
              setPreview(null);
              setError(null);
            }}
          />
          <HStack wrap="wrap">
            <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
              <FileUp aria-hidden /> {t('collecting.upload.choose')}
            </Button>
            {chosen && <Text fontSize="sm" wordBreak="break-all">{chosen.name}</Text>}
          </HStack>
        </FormField>
      </SimpleGrid>
      <HStack gap="2" wrap="wrap">
        <Button colorPalette="brand" size="sm" onClick={() => void readIt()} loading={busy && !preview} disabled={!chosen || !accountId}>
          {t('collecting.upload.read')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('collecting.form.cancel')}
        </Button>
      </HStack>
      {error && (
        <Alert.Root status="error" data-testid="statement-error">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      {preview && draft && (
        <Stack gap="4">
          <Text fontWeight="semibold">{t(preview.remembered ? 'collecting.upload.remembered' : 'collecting.upload.guessed')}</Text>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            {MAPPED.map((field) => (
              <FormField key={field} name={`${id}-${field}`} label={t(FIELD_KEY[field])} required={field === 'date'}>
                <Select value={draft[field]} onChange={(e) => change(field, e.target.value)} placeholder={t('collecting.upload.none')} options={options} />
              </FormField>
            ))}
            <FormField name={`${id}-order`} label={t('collecting.upload.dateOrder')}>
              <Select
                value={draft.dateOrder}
                onChange={(e) => change('dateOrder', e.target.value)}
                options={[
                  { value: 'dmy', label: t('collecting.upload.dmy') },
                  { value: 'mdy', label: t('collecting.upload.mdy') },
                ]}
              />
            </FormField>
          </SimpleGrid>
          <Sample headers={preview.headers} rows={preview.sample} />
          {read ? (
            <ReadSummary read={read} />
          ) : (
            <HStack>
              <Button size="sm" variant="outline" onClick={() => void check()} loading={busy} disabled={!mappingOf(draft)}>
                {t('collecting.upload.check')}
              </Button>
              {!mappingOf(draft) && <Text fontSize="sm" color="fg.muted">{t('collecting.upload.needColumns')}</Text>}
            </HStack>
          )}
          <Box>
            <Button colorPalette="brand" onClick={() => void bringIn()} disabled={!ready} loading={bring.isPending} loadingText={t('collecting.form.saving')}>
              {t('collecting.upload.bringIn')}
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}

/** The file's first rows as it has them, scrolling sideways on a phone rather than running off it. */
function Sample({ headers, rows }: { headers: string[]; rows: string[][] }) {
  const { t } = useTranslation();
  return (
    <Box overflowX="auto" maxW="full" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('collecting.upload.sample')}>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {headers.map((h, i) => (
              <Table.ColumnHeader key={i} whiteSpace="nowrap">
                {h}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r, i) => (
            <Table.Row key={i}>
              {headers.map((_, j) => (
                <Table.Cell key={j} whiteSpace="nowrap">
                  {r[j] ?? ''}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function ReadSummary({ read }: { read: NonNullable<StatementPreview['read']> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" data-testid="statement-read">
      <Text>
        {t('collecting.upload.lines', { count: read.lines })} {t('collecting.upload.incoming', { count: read.incoming })} {read.known > 0 && t('collecting.upload.known', { count: read.known })}
      </Text>
      {read.problemCount > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('collecting.upload.problems', { count: read.problemCount })}</Alert.Title>
            <List.Root as="ul" ps="4" fontSize="sm">
              {read.problems.map((p) => (
                <List.Item key={`${p.line}-${p.column}`}>
                  {t(p.problem === 'date' ? 'collecting.upload.problemDate' : 'collecting.upload.problemAmount', { line: p.line, column: p.column, value: p.value })}
                </List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
