import type { Hono, Context as HonoContext } from 'hono';
import type { AppDeps } from '../../context';
import { bodyWith, route } from '../../rest/route';
import { minutesFiles, minutesOperations as m } from './minutes-operations';
import { proxyOperations as x } from './proxy-operations';

/** Minutes, proxies and the meeting's votes (README's REST list); the same operations as meetings.* over tRPC. */
export function minutesRoutes(api: Hono, deps: AppDeps) {
  const meeting = (c: HonoContext) => ({ meetingId: c.req.param('id') });
  const withMeeting = bodyWith(meeting);
  api.get('/meetings/:id/minutes', route(deps, m.minutes, meeting));
  api.put('/meetings/:id/minutes', route(deps, m.saveMinutes, withMeeting));
  api.post('/meetings/:id/minutes/share', route(deps, m.shareMinutes, meeting));
  api.post('/meetings/:id/minutes/approval', route(deps, m.proposeMinutesApproval, withMeeting, { status: 201 }));
  const pdf = { file: (r: { filename: string; pdf: Uint8Array }) => ({ body: r.pdf, type: 'application/pdf', filename: r.filename }) };
  api.get('/meetings/:id/minutes.pdf', route(deps, minutesFiles.minutesPdf, (c) => ({ ...meeting(c), lang: c.req.query('lang') }), pdf));
  api.get('/meetings/:id/proxies', route(deps, x.proxies, meeting));
  api.post('/meetings/:id/proxies', route(deps, x.grantProxy, withMeeting, { status: 201 }));
  api.delete('/meetings/:id/proxies', route(deps, x.revokeProxy, meeting));
  api.get('/meetings/:id/votes', route(deps, x.votes, meeting));
  api.post('/meetings/:id/votes', route(deps, x.openVote, withMeeting, { status: 201 }));
  api.post('/polls/:id/proxy-ballots', route(deps, x.voteAsProxy, bodyWith((c) => ({ pollId: c.req.param('id') })), { status: 201 }));
}
