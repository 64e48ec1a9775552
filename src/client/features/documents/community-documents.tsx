import { Box, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FileText, FolderCog, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderOptions } from './upload-form';
import { TabEmpty } from '../../components/tab-empty';
import { SectionCard } from '../../components/section-card';
import { can } from '@shared/permissions';
import { LoadMore } from '../../components/load-more';
import { useCursorList } from '../../lib/use-cursor-list';
import { DocumentDialog } from './document-dialog';
import { DocumentRow } from './document-row';
import { FoldersDialog } from './folders-dialog';
import { communityDocumentsQuery, documentFoldersQuery, type FolderFilter } from './queries';
import { UploadDocumentDialog } from './upload-dialog';
import { UsageBar } from './usage-bar';
import { SearchBox } from '../../components/search-box';
import { ListSkeleton, LoadFailed } from '../../components/list-states';

/*
 * The community's Documents tab: search by title, a folder filter, the documents newest first
 * (paged), each opening its details. Managers (documents.manage) also get Upload, the folders
 * and the storage used; the server hides leaders-only documents from everyone else.
 */

const toFilter = (value: string): FolderFilter => (value === '' ? undefined : value === 'none' ? 'none' : Number(value));

/** `openId`/`onOpen`: the document whose details are open, kept by the page (in its URL, so a link opens it). */
export function CommunityDocuments({ community: c, openId, onOpen }: { community: { id: number; role?: string | null }; openId: number | null; onOpen: (id: number | null) => void }) {
  const { t } = useTranslation();
  const manage = can(c.role, 'documents.manage');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [folder, setFolder] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const folders = useQuery(documentFoldersQuery(c.id));
  const folderList = folders.data?.items ?? [];
  const list = useCursorList(communityDocumentsQuery(c.id, { folderId: toFilter(folder), search }));
  const q = list.query;
  const filtered = search !== '' || folder !== '';

  const manageButtons = manage && (
    <HStack gap="2" flexWrap="wrap">
      <FoldersDialog
        communityId={c.id}
        folders={folderList}
        onDeleted={(id) => setFolder((f) => (f === String(id) ? '' : f))}
        trigger={
          <Button size="sm" variant="outline" data-testid="manage-folders">
            <FolderCog aria-hidden /> {t('documents.folders.manage')}
          </Button>
        }
      />
      <UploadDocumentDialog
        communityId={c.id}
        folders={folderList}
        folderId={typeof toFilter(folder) === 'number' ? Number(folder) : undefined}
        trigger={
          <Button size="sm" colorPalette="brand" data-testid="upload-document">
            <Upload aria-hidden /> {t('documents.tab.upload')}
          </Button>
        }
      />
    </HStack>
  );
  const filters = (
    <>
      {manage && <UsageBar communityId={c.id} />}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
        <Box role="search" flex="1" minW="0">
          <SearchBox
            typed={typed}
            onType={setTyped}
            onSearch={setSearch}
            label={t('documents.tab.search')}
            placeholder={t('documents.tab.searchPlaceholder')}
            clearLabel={t('documents.tab.clearSearch')}
            testId="documents-search"
          />
        </Box>
        {(folderList.length > 0 || folder !== '') && (
          <NativeSelect.Root w={{ base: 'full', sm: '14rem' }} flexShrink={0}>
            <NativeSelect.Field value={folder} onChange={(e) => setFolder(e.target.value)} aria-label={t('documents.tab.folder')} data-testid="documents-folder-filter">
              <option value="">{t('documents.tab.allFolders')}</option>
              <option value="none">{t('documents.tab.topLevel')}</option>
              <FolderOptions folders={folderList} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
      </Stack>
    </>
  );
  return (
    <SectionCard id="community-documents" title={t('documents.title')} intro={t('documents.tab.intro')} actions={manageButtons} toolbar={filters} testId="documents-section">
      {q.isPending ? (
        <ListSkeleton label={t('documents.tab.loading')} />
      ) : q.isError ? (
        <LoadFailed message={t('documents.tab.loadFailed')} retryLabel={t('documents.tab.tryAgain')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : list.items.length === 0 ? (
        filtered ? (
          <Text color="fg.muted" fontSize="sm" py="4" role="status" data-testid="documents-no-results">
            {search ? t('documents.tab.noResults', { search }) : t('documents.tab.emptyFolder')}
          </Text>
        ) : (
          <TabEmpty icon={<FileText size={32} aria-hidden />} title={t('documents.tab.emptyTitle')} testId="documents-empty">
            {manage ? t('documents.tab.emptyBodyManager') : t('documents.tab.emptyBody')}
          </TabEmpty>
        )
      ) : (
        <Stack gap="3">
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t('documents.tab.list')} aria-busy={q.isFetching && !q.isFetchingNextPage}>
            {list.items.map((d) => (
              <DocumentRow key={d.id} document={d} onOpen={onOpen} />
            ))}
          </Stack>
          <LoadMore query={q} size="sm" alignSelf="flex-start">
            {t('documents.tab.more')}
          </LoadMore>
        </Stack>
      )}
      <DocumentDialog documentId={openId} folders={folderList} onClose={() => onOpen(null)} />
    </SectionCard>
  );
}
