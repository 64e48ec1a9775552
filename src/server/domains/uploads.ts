import { sql } from 'drizzle-orm';
import { runUploadsSweep } from '../jobs/uploads-sweep';
import { uploadRoutes } from '../uploads/routes';
import { defineDomain } from './domain';

/** Uploaded files: images re-encoded, proofs, the registry that attaches them, the sweep of unused ones. */
export const uploadsDomain = defineDomain({
  name: 'uploads',
  operations: {},
  rawRoutes: uploadRoutes,
  jobs: { uploadsSweep: (deps) => runUploadsSweep(deps) },
  // A photo nobody uses any more is swept with the other unused uploads.
  erase: (tx, { user }) => {
    tx.run(sql`UPDATE uploads SET attached_at = NULL WHERE owner_id = ${user.id} AND purpose IN ('avatar')`);
  },
  personalData: { uploads: { export: { not: 'the files are exported with what uses them' }, erase: { kept: 'files others’ records use; the photo is swept' } } },
});
