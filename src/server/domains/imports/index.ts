import { Hono, type Context as HonoContext } from 'hono';
import { z } from 'zod';
import { IMPORT_KINDS, IMPORT_LANGUAGES } from '@shared/imports';
import type { AppDeps } from '../../context';
import { anyone, query } from '../../operations/define';
import { bodyWith, route } from '../../rest/route';
import { defineDomain } from '../domain';
import { circleImportNeeds, ledgerImportNeeds } from './need-sources';
import { imports } from './operations';
import { importTemplate } from './templates';

/** A template as a file: over REST only (a download link), for anyone, in either language. */
const template = query({
  input: z.object({
    kind: z.enum(IMPORT_KINDS, { message: 'imports.errors.noTemplate' }),
    language: z.enum(IMPORT_LANGUAGES, { message: 'imports.errors.noTemplate' }),
    format: z.enum(['csv', 'xlsx'], { message: 'imports.errors.noTemplate' }),
  }),
  access: anyone,
  run: (_ctx, input) => importTemplate(input),
});

/**
 * POST /api/communities/:id/imports/members(/preview), POST /api/communities/:id/imports/ledger(/preview),
 * GET /api/communities/:id/imports/ledger, POST /api/imports/ledger/:id/confirm|reject,
 * POST /api/circles/:id/import(/preview), GET /api/circles/:id/imports, POST /api/imports/circle/:id/confirm|reject|withdraw,
 * GET /api/imports/templates/:kind/:language.:format.
 */
function importRoutes(deps: AppDeps) {
  const api = new Hono();
  const inCommunity = bodyWith((c: HonoContext) => ({ communityId: c.req.param('id') }));
  const byId = bodyWith((c: HonoContext) => ({ id: c.req.param('id') }));
  api.post('/communities/:id/imports/members/preview', route(deps, imports.previewMembers, inCommunity));
  api.post('/communities/:id/imports/members', route(deps, imports.members, inCommunity, { status: 201 }));
  api.post('/communities/:id/imports/ledger/preview', route(deps, imports.previewLedger, inCommunity));
  api.post('/communities/:id/imports/ledger', route(deps, imports.submitLedger, inCommunity, { status: 201 }));
  api.get('/communities/:id/imports/ledger', route(deps, imports.ledgerImports, (c) => ({ communityId: c.req.param('id') })));
  api.post('/imports/ledger/:id/confirm', route(deps, imports.confirmLedger, byId));
  api.post('/imports/ledger/:id/reject', route(deps, imports.rejectLedger, byId));
  const ofCircle = bodyWith((c: HonoContext) => ({ circleId: c.req.param('id') }));
  api.post('/circles/:id/import/preview', route(deps, imports.previewCircle, ofCircle));
  api.post('/circles/:id/import', route(deps, imports.submitCircle, ofCircle, { status: 201 }));
  api.get('/circles/:id/imports', route(deps, imports.circleImports, (c) => ({ circleId: c.req.param('id') })));
  api.post('/imports/circle/:id/confirm', route(deps, imports.confirmCircle, byId));
  api.post('/imports/circle/:id/reject', route(deps, imports.rejectCircle, byId));
  api.post('/imports/circle/:id/withdraw', route(deps, imports.withdrawCircle, byId));
  api.get(
    '/imports/templates/:kind/:file{[a-z]+\\.(csv|xlsx)}',
    route(deps, template, (c) => {
      const [language, format] = (c.req.param('file') ?? '').split('.');
      return { kind: c.req.param('kind'), language, format };
    }, { file: (r: { filename: string; type: string; body: string | Uint8Array }) => ({ body: r.body, type: r.type, filename: r.filename }) }),
  );
  return api;
}

/**
 * Imports: members, and the books' history, from an association's old spreadsheets (CSV or XLSX).
 * What they write belongs to other domains (memberships and invitations, the ledger); their one
 * table keeps the books' history waiting for a second finance officer.
 */
export const importsDomain = defineDomain({
  name: 'imports',
  operations: { imports },
  rest: importRoutes,
  needs: [ledgerImportNeeds, circleImportNeeds],
  // Books' history waiting for a second finance officer is work for them; its outcome is the importer's.
  noticeKinds: { 'notifications.ledgerImport': 'needs', 'notifications.ledgerImportConfirmed': 'money', 'notifications.ledgerImportRejected': 'money',
    // A running circle waiting for a finance officer other than its organiser; the outcome is the organiser's.
    'notifications.circleImport': 'needs', 'notifications.circleImportConfirmed': 'money', 'notifications.circleImportRejected': 'money',
  },
  personalData: {
    ledger_imports: {
      export: { not: 'the community’s books waiting for confirmation; the payments they bring in are exported once confirmed' },
      erase: { kept: 'the books’ history must stay whole; the account is unlinked (set null)' },
    },
    circle_imports: {
      export: { not: 'a circle’s history waiting for confirmation; the contributions and payouts it brings in are exported once confirmed' },
      erase: { kept: 'a circle’s history must stay whole; the account is unlinked (set null)' },
    },
  },
});
