import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../../context';
import { COMMUNITY_ID, bodyWith, route } from '../../rest/route';
import { collecting } from './operations';

/** Collecting money's REST paths listed in the README; the tRPC procedures collecting.* are the same operations. */
export function collectingRoutes(deps: AppDeps) {
  const api = new Hono();
  const community = COMMUNITY_ID;
  const cid = (c: HonoContext) => ({ communityId: c.req.param('id') });
  const id = (c: HonoContext) => ({ id: c.req.param('id') });
  api.get(`/communities/${community}/payment-instructions`, route(deps, collecting.instructions, cid));
  api.put(`/communities/${community}/payment-instructions/:accountId`, route(deps, collecting.setInstructions, bodyWith((c) => ({ ...cid(c), accountId: c.req.param('accountId') }))));
  api.get(`/communities/${community}/payment-references`, route(deps, collecting.references, cid));
  // Reading a text writes nothing, but the text is too long for a query string: it is posted.
  api.post(`/communities/${community}/payment-texts`, route(deps, collecting.readText, bodyWith(cid)));
  api.post(`/communities/${community}/statements/preview`, route(deps, collecting.previewStatement, bodyWith(cid)));
  api.get(`/communities/${community}/statements`, route(deps, collecting.statements, cid));
  api.post(`/communities/${community}/statements`, route(deps, collecting.importStatement, bodyWith(cid), { status: 201 }));
  api.get('/statements/:id', route(deps, collecting.statement, id));
  api.post('/statements/:id/confirm', route(deps, collecting.confirmMatches, bodyWith(id)));
  api.post('/statement-lines/:id/record', route(deps, collecting.recordLine, bodyWith(id), { status: 201 }));
  api.post('/statement-lines/:id/ignore', route(deps, collecting.ignoreLine, bodyWith(id)));
  return api;
}
