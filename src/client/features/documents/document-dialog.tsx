import { Badge, Box, Button, CloseButton, DataList, Dialog, HStack, IconButton, Image, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ExternalLink, FileUp, Lock, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { EditDocumentForm } from './edit-form';
import { formatSize } from './format';
import { documentFileUrl, documentQuery, refreshDocuments, uploadVersionUrl } from './queries';
import { KIND_ICON, KIND_LABEL, type DocumentDetail, type DocumentFolder } from './kinds';
import { UploadForm } from './upload-form';
import { realName } from '../../lib/person-name';

/*
 * One document: its description, a preview where the browser can show it (an image in the page,
 * a PDF in the browser's own viewer, both through the authorised download route), every version
 * newest first with its own download, and for managers edit, a new version and delete. Edit and
 * the new version take the dialog's place rather than stacking a second dialog over it.
 */

type Mode = 'view' | 'edit' | 'version';

export function DocumentDialog(props: { documentId: number | null; folders: readonly DocumentFolder[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('view');
  const open = props.documentId != null;
  useEffect(() => {
    if (open) setMode('view');
  }, [open, props.documentId]);
  const q = useQuery({ ...documentQuery(props.documentId ?? 0), enabled: open });
  const d = q.data;
  const title = mode === 'edit' ? t('documents.edit.title') : mode === 'version' && d ? t('documents.version.title', { title: d.title }) : (d?.title ?? t('documents.detail.loading'));
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && props.onClose()} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Full screen on a phone only: the responsive size would otherwise keep the full size's height and square corners. */}
          <Dialog.Content data-testid="document-dialog" minH={{ base: '100dvh', md: 'auto' }} rounded={{ base: '0', md: 'l3' }} my={{ md: '16' }}>
            <Dialog.Header pe="12">
              <Dialog.Title overflowWrap="anywhere">{title}</Dialog.Title>
            </Dialog.Header>
            {q.isPending ? (
              <Dialog.Body>
                <Stack gap="3" role="status" aria-busy="true" aria-label={t('documents.detail.loading')}>
                  <Skeleton h="6" w="60%" />
                  <Skeleton h="24" />
                  <Skeleton h="16" />
                </Stack>
              </Dialog.Body>
            ) : q.isError || !d ? (
              <Dialog.Body>
                <HStack gap="3" role="alert" flexWrap="wrap">
                  <Text color="fg.error">{errorInfo(q.error).status === 404 ? errorInfo(q.error).message : t('documents.detail.loadFailed')}</Text>
                  <Button size="xs" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
                    {t('documents.tab.tryAgain')}
                  </Button>
                </HStack>
              </Dialog.Body>
            ) : mode === 'edit' ? (
              <EditDocumentForm document={d} folders={props.folders} onDone={() => setMode('view')} />
            ) : mode === 'version' ? (
              <NewVersion document={d} onDone={() => setMode('view')} />
            ) : (
              <Details document={d} onEdit={() => setMode('edit')} onNewVersion={() => setMode('version')} onDeleted={props.onClose} />
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function NewVersion({ document: d, onDone }: { document: DocumentDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <UploadForm
      url={uploadVersionUrl(d.id)}
      fileOnly
      help={t('documents.version.help')}
      submit={t('documents.version.submit')}
      testId="upload-version-form"
      onCancel={onDone}
      onDone={async () => {
        notify.success(t('documents.version.done'));
        await refreshDocuments(queryClient);
        onDone();
      }}
    />
  );
}

function Details(props: { document: DocumentDetail; onEdit: () => void; onNewVersion: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.documents.remove.mutationOptions());
  const d = props.document;
  const Icon = KIND_ICON[d.kind];
  const current = documentFileUrl(d.id, { version: d.version });
  const inline = documentFileUrl(d.id, { version: d.version, inline: true });
  return (
    <>
      <Dialog.Body>
        <Stack gap="5">
          <HStack gap="2" flexWrap="wrap">
            <Badge variant="subtle">
              <Icon size={14} aria-hidden /> {t(KIND_LABEL[d.kind])}
            </Badge>
            {d.visibility === 'leaders' && (
              <Badge colorPalette="orange" data-testid="document-leaders-only">
                <Lock size={12} aria-hidden /> {t('documents.leadersOnly')}
              </Badge>
            )}
          </HStack>
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" color={d.description ? undefined : 'fg.muted'}>
            {d.description || t('documents.detail.noDescription')}
          </Text>
          {d.kind === 'image' && (
            <Box borderWidth="1px" rounded="md" overflow="hidden" bg="bg.subtle">
              <Image src={inline} alt={t('documents.detail.imageAlt', { title: d.title })} maxH="60vh" w="full" objectFit="contain" data-testid="document-image-preview" />
            </Box>
          )}
          <HStack gap="2" flexWrap="wrap">
            {d.kind === 'pdf' && (
              <Button asChild colorPalette="brand" size="sm">
                <a href={inline} target="_blank" rel="noopener" data-testid="document-open-pdf">
                  <ExternalLink aria-hidden /> {t('documents.detail.openPdf')}
                </a>
              </Button>
            )}
            <Button asChild variant={d.kind === 'pdf' ? 'outline' : 'solid'} colorPalette="brand" size="sm">
              <a href={current} download={d.originalName} data-testid="document-download">
                <Download aria-hidden /> {t('documents.detail.download')}
              </a>
            </Button>
          </HStack>
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.detail.size')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatSize(d.bytes)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.detail.uploadedBy')}</DataList.ItemLabel>
              <DataList.ItemValue>{realName(d.uploadedBy?.name) ?? t('documents.formerMember')}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.detail.updated')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(d.updatedAt)}</DataList.ItemValue>
            </DataList.Item>
            {d.folderName && (
              <DataList.Item>
                <DataList.ItemLabel>{t('documents.detail.folder')}</DataList.ItemLabel>
                <DataList.ItemValue overflowWrap="anywhere">{d.folderName}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
          <Stack gap="2" as="section" aria-labelledby="document-versions">
            <Text as="h3" id="document-versions" fontWeight="semibold">
              {t('documents.detail.versions')}
            </Text>
            <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" data-testid="document-versions">
              {d.versions.map((v) => (
                <HStack as="li" key={v.version} borderWidth="1px" rounded="md" px="3" py="2" gap="2" data-testid="document-version">
                  <Stack gap="0.5" flex="1" minW="0">
                    <HStack gap="2">
                      <Text fontWeight="medium">{t('documents.detail.versionN', { n: v.version })}</Text>
                      {v.current && (
                        <Badge size="sm" colorPalette="green">
                          {t('documents.detail.current')}
                        </Badge>
                      )}
                    </HStack>
                    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                      {t('documents.detail.versionMeta', { size: formatSize(v.bytes), date: formatDate(v.createdAt, { style: 'short' }), name: realName(v.uploadedBy?.name) ?? t('documents.formerMember') })}
                    </Text>
                  </Stack>
                  <IconButton asChild size="sm" variant="ghost" aria-label={t('documents.detail.downloadVersion', { n: v.version })}>
                    <a href={documentFileUrl(d.id, { version: v.version })} download={v.originalName}>
                      <Download />
                    </a>
                  </IconButton>
                </HStack>
              ))}
            </Stack>
          </Stack>
        </Stack>
      </Dialog.Body>
      {d.canManage && (
        <Dialog.Footer flexWrap="wrap" justifyContent={{ base: 'stretch', sm: 'flex-end' }}>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" colorPalette="red" size="sm" me={{ sm: 'auto' }} data-testid="document-delete">
                <Trash2 aria-hidden /> {t('documents.detail.delete')}
              </Button>
            }
            title={t('documents.detail.deleteTitle', { title: d.title })}
            description={t('documents.detail.deleteText')}
            confirmLabel={t('documents.detail.deleteConfirm')}
            onConfirm={() =>
              remove.mutateAsync({ id: d.id }).then(
                async () => {
                  notify.success(t('documents.detail.deleted'));
                  props.onDeleted();
                  await refreshDocuments(queryClient);
                },
                (e) => {
                  notify.error(t('documents.detail.deleteFailed'), errorInfo(e).message);
                  throw e;
                },
              )
            }
          />
          <Button variant="outline" size="sm" onClick={props.onNewVersion} data-testid="document-new-version">
            <FileUp aria-hidden /> {t('documents.version.action')}
          </Button>
          <Button variant="outline" size="sm" onClick={props.onEdit} data-testid="document-edit">
            <Pencil aria-hidden /> {t('documents.detail.edit')}
          </Button>
        </Dialog.Footer>
      )}
    </>
  );
}
