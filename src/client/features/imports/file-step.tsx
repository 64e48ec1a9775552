import { Box, Button, Card, Field, HStack, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Download, FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_LANGUAGES, type ImportKind, type ImportLanguage } from '@shared/imports';
import { IMPORT_FILE_MAX_CHARS } from '@shared/schemas/imports';
import { currentLanguage } from '../../i18n';

/** A chosen spreadsheet as the imports' input carries it: CSV as text, XLSX as base64. */
export type ImportFile = { name: string; content: string; encoding: 'text' | 'base64' };

/** A chosen file as the imports (and a statement's upload) send it. */
export async function readFile(file: File): Promise<ImportFile> {
  if (/\.xlsx$/i.test(file.name)) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { name: file.name, content: btoa(binary), encoding: 'base64' };
  }
  return { name: file.name, content: await file.text(), encoding: 'text' };
}

/** The templates of one import, in both languages, as CSV and as a workbook; `body` says what a row is, when not a member or a movement of money. */
export function Templates({ kind, body }: { kind: ImportKind; body?: string }) {
  const { t } = useTranslation();
  return (
    <Card.Root variant="subtle" size="sm">
      <Card.Body gap="2">
        <Text fontWeight="semibold">{t('imports.templates.title')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {body ?? t('imports.templates.body')}
        </Text>
        <HStack wrap="wrap" gap="2">
          {IMPORT_LANGUAGES.flatMap((lang) =>
            (['csv', 'xlsx'] as const).map((format) => (
              <Button key={`${lang}.${format}`} asChild size="xs" variant="outline">
                <Link href={`/api/imports/templates/${kind}/${lang}.${format}`} download>
                  <Download aria-hidden /> {t(`imports.templates.${format}`, { language: t(`imports.templates.${lang}`) })}
                </Link>
              </Button>
            )),
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Choose the file and how it writes dates, then check it (the preview). */
export function FileStep({ id, busy, onCheck }: { id: string; busy: boolean; onCheck: (file: ImportFile, language: ImportLanguage) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState<ImportLanguage>(currentLanguage() === 'fr' ? 'fr' : 'en');
  const [error, setError] = useState<string | null>(null);

  async function check() {
    if (!file) return setError(t('imports.validation.file'));
    try {
      const read = await readFile(file);
      if (read.content.length > IMPORT_FILE_MAX_CHARS) return setError(t('imports.file.tooLarge'));
      setError(null);
      onCheck(read, language);
    } catch {
      setError(t('imports.file.unreadable'));
    }
  }

  return (
    <Stack gap="4">
      <Field.Root invalid={!!error}>
        <Field.Label htmlFor={`${id}-file`}>{t('imports.file.label')}</Field.Label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          style={{ display: 'none' }}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        <HStack wrap="wrap">
          <Button variant="outline" onClick={() => input.current?.click()} aria-describedby={`${id}-file-help`}>
            <FileUp aria-hidden /> {t('imports.file.choose')}
          </Button>
          {file && <Text fontSize="sm">{t('imports.file.chosen', { name: file.name })}</Text>}
        </HStack>
        <Field.HelperText id={`${id}-file-help`}>{t('imports.file.help')}</Field.HelperText>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Field.Root>
        <Field.Label htmlFor={`${id}-dates`}>{t('imports.file.dates')}</Field.Label>
        <NativeSelect.Root maxW="sm">
          <NativeSelect.Field id={`${id}-dates`} value={language} onChange={(e) => setLanguage(e.target.value as ImportLanguage)}>
            <option value="en">{t('imports.file.datesEn')}</option>
            <option value="fr">{t('imports.file.datesFr')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>{t('imports.file.datesHelp')}</Field.HelperText>
      </Field.Root>
      <Box>
        <Button colorPalette="brand" onClick={() => void check()} loading={busy} loadingText={t('imports.file.reading')}>
          {t('imports.file.check')}
        </Button>
      </Box>
    </Stack>
  );
}
