import { documents } from '../operations/documents';
import { documentRoutes, documentUploadRoutes } from '../rest/documents';
import { defineDomain } from './domain';

const KEPT = { kept: 'the community’s documents (shown as by a former member)' } as const;

/** A community's documents: folders, versions, quota, private downloads. */
export const documentsDomain = defineDomain({
  name: 'documents',
  operations: { documents },
  rest: documentRoutes,
  rawRoutes: documentUploadRoutes,
  personalData: {
    documents: { export: { not: 'the community’s documents' }, erase: KEPT },
    document_versions: { export: { not: 'the community’s documents' }, erase: KEPT },
    document_folders: { export: { not: 'the community’s documents' }, erase: KEPT },
  },
});
