import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/*
 * The benchmark's yardstick: a bare node:http handler running the same SQL as the app's three
 * measured paths (anonymous list, anonymous search, a member's members page including its
 * session lookup and membership check) through better-sqlite3 prepared statements, answering
 * the same JSON. No framework, no validation library, no router: the ceiling for one process.
 */
const COMMUNITY = `SELECT c.id, c.name, c.description, c.location, c.image_url AS imageUrl, c.is_public AS isPublic, c.is_hidden AS isHidden,
  c.member_count AS memberCount, c.creator_id AS creatorId, c.created_at AS createdAt, c.updated_at AS updatedAt,
  vm.role AS viewerRole, vm.joined_at AS viewerJoinedAt, vr.status AS requestStatus`;
const VIEWER = `LEFT JOIN memberships vm ON vm.community_id = c.id AND vm.user_id = @viewer
  LEFT JOIN join_requests vr ON vr.community_id = c.id AND vr.user_id = @viewer`;

type Row = Record<string, any>;
const iso = (ms: number) => new Date(ms).toISOString();

// Written as one object literal: what a hand-written handler would do (and, on Node 20, much
// faster than building it from spreads; see docs/benchmarks.md).
function communityJson(r: Row) {
  const isMember = r.viewerRole !== null;
  const outsider = !r.isPublic && !isMember;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    memberCount: r.memberCount,
    isPublic: !!r.isPublic,
    location: outsider ? null : r.location,
    imageUrl: outsider ? null : r.imageUrl,
    creatorId: outsider ? null : r.creatorId,
    createdAt: outsider ? null : iso(r.createdAt),
    updatedAt: outsider ? null : iso(r.updatedAt),
    isMember,
    role: r.viewerRole,
    joinedAt: r.viewerJoinedAt === null ? null : iso(r.viewerJoinedAt),
    requestPending: !isMember && r.requestStatus === 'pending',
  };
}

export function startBaseline(dbPath: string, port = 0, host = '127.0.0.1'): Promise<Server> {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const list = db.prepare(`${COMMUNITY} FROM communities c ${VIEWER}
    WHERE c.id < @cursor AND c.is_hidden = 0 AND c.is_public = 1 ORDER BY c.id DESC LIMIT @take`);
  const search = db.prepare(`${COMMUNITY} FROM communities_fts f CROSS JOIN communities c ON c.id = f.rowid ${VIEWER}
    WHERE c.id < @cursor AND c.is_hidden = 0 AND c.is_public = 1 AND communities_fts MATCH @match ORDER BY f.rowid DESC LIMIT @take`);
  const session = db.prepare('SELECT s.*, u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?');
  const one = db.prepare(`${COMMUNITY} FROM communities c ${VIEWER} WHERE c.id = @id`);
  const members = db.prepare(`SELECT m.id, m.user_id AS userId, m.role, m.joined_at AS joinedAt, u.first_name AS firstName,
    u.last_name AS lastName, u.username, u.email, u.phone_number AS phoneNumber, u.profile_image_url AS profileImageUrl
    FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.community_id = @communityId AND m.id > @cursor ORDER BY m.id ASC LIMIT @take`);

  const server = createServer((req, res) => {
    const send = (status: number, body: unknown, next?: number | null) => {
      const json = JSON.stringify(body);
      // With a length, node sends the body at once instead of chunked (as Hono's adapter does).
      const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) };
      if (next != null) headers['x-next-cursor'] = String(next);
      res.writeHead(status, headers).end(json);
    };
    const url = new URL(req.url ?? '/', 'http://baseline');
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 100) || 100));
    const cursor = url.searchParams.get('cursor');
    const page = <T>(rows: Row[], key: (r: Row) => number, map: (r: Row) => T) => {
      const more = rows.length > limit;
      const items = more ? rows.slice(0, limit) : rows;
      send(200, items.map(map), more ? key(items[items.length - 1]!) : null);
    };

    if (url.pathname === '/api/communities/all') {
      const term = url.searchParams.get('search')?.trim();
      const params = { viewer: '', cursor: cursor ? Number(cursor) : Number.MAX_SAFE_INTEGER, take: limit + 1 };
      const rows = term
        ? (search.all({ ...params, match: `({name description}: "${term.replace(/"/g, '""')}")` }) as Row[])
        : (list.all(params) as Row[]);
      return page(rows, (r) => r.id, communityJson);
    }
    const m = /^\/api\/communities\/(\d+)\/members$/.exec(url.pathname);
    if (m) {
      const token = /(?:^|;\s*)harambee_session=([a-z2-7]{32})/.exec(req.headers.cookie ?? '')?.[1];
      const s = token ? (session.get(createHash('sha256').update(token).digest('hex')) as Row | undefined) : undefined;
      if (!s || s.expires_at <= Date.now()) return send(401, { error: 'Authentication required', code: 'UNAUTHORIZED' });
      const community = one.get({ id: Number(m[1]), viewer: s.user_id }) as Row | undefined;
      if (!community || (!community.viewerRole && (!community.isPublic || community.isHidden))) return send(404, { error: 'Community Not Found', code: 'NOT_FOUND' });
      if (!community.viewerRole) return send(403, { error: 'Only members of this community can do this.', code: 'FORBIDDEN' });
      const rows = members.all({ communityId: community.id, cursor: cursor ? Number(cursor) : 0, take: limit + 1 }) as Row[];
      return page(rows, (r) => r.id, (r) => ({
        id: r.id,
        userId: r.userId,
        role: r.role,
        joinedAt: iso(r.joinedAt),
        user: {
          firstName: r.firstName,
          lastName: r.lastName,
          username: r.username,
          email: r.email,
          phoneNumber: r.phoneNumber,
          profileImageUrl: r.profileImageUrl,
        },
      }));
    }
    send(404, { error: 'No such API path', code: 'NOT_FOUND' });
  });
  server.on('close', () => db.close());
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
