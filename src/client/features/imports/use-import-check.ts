import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportLanguage } from '@shared/imports';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import type { ImportFile } from './file-step';

/**
 * A file checked before it is imported: `check` runs `preview` on it (after `onCheck`, which
 * clears what the last import said) and keeps the answer with the file and its language in
 * `checked`; a refusal is toasted and leaves nothing checked.
 */
export function useImportCheck<P>(preview: (input: { communityId: number; language: ImportLanguage; file: ImportFile }) => Promise<P>, communityId: number, onCheck: () => void) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<{ file: ImportFile; language: ImportLanguage; preview: P } | null>(null);
  async function check(file: ImportFile, language: ImportLanguage) {
    onCheck();
    try {
      setChecked({ file, language, preview: await preview({ communityId, language, file }) });
    } catch (error) {
      setChecked(null);
      notify.error(t('imports.ledger.failed'), errorInfo(error).message);
    }
  }
  return { checked, setChecked, check };
}
