import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportLanguage } from '@shared/imports';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import type { ImportFile } from './file-step';

/**
 * A file checked before it is imported: `check` runs `preview` on it with `scope` (what the
 * import is for: a community, or a circle and its first due date), after `onCheck`, which clears
 * what the last import said, and keeps the answer with the file, its language and that scope in
 * `checked`, so the import sends exactly what was checked; a refusal is toasted and leaves
 * nothing checked.
 */
export function useImportCheck<P, S extends object>(preview: (input: S & { language: ImportLanguage; file: ImportFile }) => Promise<P>, scope: S, onCheck: () => void) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<{ file: ImportFile; language: ImportLanguage; scope: S; preview: P } | null>(null);
  async function check(file: ImportFile, language: ImportLanguage) {
    onCheck();
    try {
      setChecked({ file, language, scope, preview: await preview({ ...scope, language, file }) });
    } catch (error) {
      setChecked(null);
      notify.error(t('imports.ledger.failed'), errorInfo(error).message);
    }
  }
  return { checked, setChecked, check };
}
