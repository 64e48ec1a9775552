import { useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { notify } from '../../components/toaster';
import { refreshDocuments, uploadDocumentUrl } from './queries';
import type { DocumentFolder } from './kinds';
import { UploadForm } from './upload-form';

/** "Upload": a new document in the community (managers). */
export function UploadDocumentDialog(props: { communityId: number; folders: readonly DocumentFolder[]; folderId?: number; trigger: ReactElement }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <FormDialog title={t('documents.upload.title')} trigger={props.trigger} size="lg">
      {(close) => (
        <UploadForm
          url={uploadDocumentUrl(props.communityId)}
          folders={props.folders}
          initialFolderId={props.folderId}
          submit={t('documents.upload.submit')}
          testId="upload-document-form"
          onCancel={close}
          onDone={async (_result, title) => {
            notify.success(t('documents.upload.done'), t('documents.upload.doneBody', { title }));
            close();
            await refreshDocuments(queryClient);
          }}
        />
      )}
    </FormDialog>
  );
}
