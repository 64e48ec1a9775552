import type { DB, DbLike } from '../../../../db/database';
import { dropFromCommunityCalls, dropUnreadable } from './calls';
import { conversations } from '../../../../db/schema/chat';
import type { UserRow } from '../../../../db/schema';
import type { ChatPerson, ConversationDto, ConversationList } from '@shared/chat/protocol';
import { directKeyOf, GROUP_MAX_MEMBERS, PEOPLE_SUGGESTIONS } from '@shared/chat/rules';
import { mentionToken } from '@shared/discussions/rules';
import { can } from '@shared/permissions';
import { chatBus, conversationTopic, userTopic } from '../../chat/pubsub';
import { recordAudit } from '../audit';
import { DomainError, forbidden, invalid, notFound } from '../errors';
import { CONVERSATION_NOT_FOUND, conversationMemberIds, conversationOf, isCommunityMember, isModerator, readableConversation, readerIds } from './access';
import { excerpt, people } from './dto';
import { personName, READABLE, READER_ROLES_SQL, statement } from './sql';

/*
 * Conversations: the list with unread counts, channels (leaders), direct messages, groups, their
 * members and the member picker. Joining or leaving is published on the account's own topic, so
 * its sockets subscribe or drop the conversation at once.
 */

const IMMEDIATE = { behavior: 'immediate' } as const;

type Listed = {
  id: number;
  kind: ConversationDto['kind'];
  communityId: number;
  communityName: string;
  role: string;
  name: string | null;
  topic: string | null;
  isPrivate: number;
  isDefault: number;
  lastMessageId: number | null;
  lastMessageAt: number | null;
  lastReadId: number | null;
  muted: number | null;
  unread: number;
  lastBody: string | null;
  lastAuthorId: string | null;
  lastCreatedAt: number | null;
  lastDeletedAt: number | null;
  lastKind: string | null;
  mutedUntil: number | null;
};

const LIST_SQL = (only: string) => `SELECT c.id, c.kind, c.community_id AS communityId, co.name AS communityName, me.role, c.name, c.topic,
    c.is_private AS isPrivate, c.is_default AS isDefault, c.last_message_id AS lastMessageId, c.last_message_at AS lastMessageAt,
    r.last_read_id AS lastReadId, r.muted,
    (SELECT count(*) FROM messages x WHERE x.conversation_id = c.id AND x.id > coalesce(r.last_read_id, 0) AND x.deleted_at IS NULL
       AND (x.author_id IS NULL OR x.author_id <> @u)) AS unread,
    lm.body AS lastBody, lm.author_id AS lastAuthorId, lm.created_at AS lastCreatedAt, lm.deleted_at AS lastDeletedAt, lm.kind AS lastKind,
    (SELECT until FROM channel_mutes cmu WHERE cmu.conversation_id = c.id AND cmu.user_id = @u AND cmu.until > @now) AS mutedUntil
  FROM conversations c
  JOIN communities co ON co.id = c.community_id
  JOIN memberships me ON me.community_id = c.community_id AND me.user_id = @u AND me.role IN (${READER_ROLES_SQL})
  LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = @u
  LEFT JOIN messages lm ON lm.id = c.last_message_id
  WHERE (c.is_private = 0 OR EXISTS (SELECT 1 FROM conversation_members cm WHERE cm.conversation_id = c.id AND cm.user_id = @u)) ${only}
  ORDER BY co.name COLLATE NOCASE, c.community_id, c.is_default DESC, c.name COLLATE NOCASE, c.id`;

function toDtos(db: DB, userId: string, rows: Listed[]): ConversationDto[] {
  const privateIds = rows.filter((r) => r.isPrivate).map((r) => r.id);
  const membersOf = new Map<number, string[]>();
  if (privateIds.length) {
    const all = db.$client
      .prepare(`SELECT conversation_id AS c, user_id AS u FROM conversation_members WHERE conversation_id IN (${privateIds.map(() => '?').join(', ')}) ORDER BY added_at, user_id`)
      .all(...privateIds) as { c: number; u: string }[];
    for (const m of all) {
      let list = membersOf.get(m.c);
      if (!list) membersOf.set(m.c, (list = []));
      list.push(m.u);
    }
  }
  const who = people(db, [...[...membersOf.values()].flat(), ...rows.map((r) => r.lastAuthorId).filter((id): id is string => !!id)]);
  return rows.map((r) => {
    const members = membersOf.get(r.id) ?? [];
    const others = r.kind === 'channel' ? [] : members.filter((id) => id !== userId).map((id) => who.get(id)).filter((p): p is ChatPerson => !!p);
    return {
      id: r.id,
      kind: r.kind,
      community: { id: r.communityId, name: r.communityName },
      name: r.name,
      topic: r.topic,
      isPrivate: !!r.isPrivate,
      isDefault: !!r.isDefault,
      people: others,
      memberCount: r.isPrivate ? members.length : null,
      lastMessage:
        r.lastMessageId && r.lastCreatedAt !== null
          ? {
              id: r.lastMessageId,
              authorName: r.lastAuthorId ? (who.get(r.lastAuthorId)?.name ?? null) : null,
              preview: r.lastDeletedAt ? '' : excerpt(r.lastBody ?? ''),
              createdAt: r.lastCreatedAt,
              deleted: !!r.lastDeletedAt,
              isCall: r.lastKind === 'call',
            }
          : null,
      lastMessageAt: r.lastMessageAt,
      lastReadId: r.lastReadId ?? 0,
      unread: r.unread,
      muted: !!r.muted,
      canModerate: r.kind === 'channel' && can(r.role, 'chat.moderate'),
      mutedUntil: r.mutedUntil,
    };
  });
}

export function listConversations(db: DB, userId: string, now = Date.now()): ConversationList {
  const rows = statement(db, 'list', () => LIST_SQL('')).all({ u: userId, now }) as Listed[];
  const dtos = toDtos(db, userId, rows);
  const communities: ConversationList['communities'] = [];
  const direct: ConversationDto[] = [];
  const roleOf = new Map(rows.map((r) => [r.communityId, r.role]));
  for (const c of dtos) {
    if (c.kind !== 'channel') {
      direct.push(c);
      continue;
    }
    let group = communities.find((g) => g.id === c.community.id);
    if (!group) communities.push((group = { id: c.community.id, name: c.community.name, canModerate: can(roleOf.get(c.community.id), 'chat.moderate'), channels: [] }));
    group.channels.push(c);
  }
  direct.sort((a, b) => (b.lastMessageAt ?? 0) - (a.lastMessageAt ?? 0) || b.id - a.id);
  const unreadTotal = dtos.filter((c) => !c.muted).reduce((n, c) => n + c.unread, 0);
  return { communities, direct, unreadTotal };
}

export function conversationDetails(db: DB, userId: string, conversationId: number, now: number) {
  readableConversation(db, userId, conversationId);
  const rows = statement(db, 'one', () => LIST_SQL('AND c.id = @c')).all({ u: userId, now, c: conversationId }) as Listed[];
  const dto = toDtos(db, userId, rows)[0];
  if (!dto) throw notFound(CONVERSATION_NOT_FOUND);
  const members = dto.isPrivate ? [...people(db, conversationMemberIds(db, conversationId)).values()] : [];
  return { ...dto, members };
}

export function unreadTotal(db: DB, userId: string): number {
  return statement(
    db,
    'unreadTotal',
    () => `SELECT coalesce(sum((SELECT count(*) FROM messages x WHERE x.conversation_id = c.id AND x.id > coalesce(r.last_read_id, 0) AND x.deleted_at IS NULL
        AND (x.author_id IS NULL OR x.author_id <> @u))), 0)
      FROM conversations c LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = @u
      WHERE ${READABLE} AND coalesce(r.muted, 0) = 0`,
  )
    .pluck()
    .get({ u: userId }) as number;
}

/** Those of `ids` who are members of the community; 400 naming the field when one is not. */
function requireMembers(db: DB, communityId: number, ids: readonly string[], field: string) {
  for (const id of ids) if (!isCommunityMember(db, id, communityId)) throw invalid('chat.validation.notMember', [{ path: [field], message: 'chat.validation.notMember' }]);
}

function addRows(db: DB, conversationId: number, ids: readonly string[], now: number) {
  const insert = statement(db, 'addMember', () => 'INSERT OR IGNORE INTO conversation_members (conversation_id, user_id, added_at) VALUES (?, ?, ?)');
  return ids.filter((id) => insert.run(conversationId, id, now).changes === 1);
}

function announceJoined(db: DB, conversationId: number, userIds: readonly string[]) {
  const bus = chatBus(db);
  for (const id of userIds) bus.publish(userTopic(id), { frame: { type: 'conversation.created', conversationId } });
}

/**
 * After a membership in a community commits (joined, approved, invited, created): the member's
 * open sockets start hearing the community's conversations they may now read at once, not at
 * their next resync a minute later, and their chat list refreshes.
 */
export function announceCommunityJoined(db: DB, communityId: number, userId: string) {
  const ids = statement(db, 'joinedReadable', () => `SELECT c.id FROM conversations c WHERE c.community_id = @community AND ${READABLE} ORDER BY c.id`)
    .pluck()
    .all({ community: communityId, u: userId }) as number[];
  for (const id of ids) announceJoined(db, id, [userId]);
}

/**
 * After an account leaves a community or is removed from it (committed): its open sockets drop the
 * community's conversations it could read (its channels, and the private ones, direct messages and
 * groups it was in) and its chat list refreshes, at once rather than at the next message there.
 */
export function announceCommunityLeft(db: DB, communityId: number, userId: string, now = Date.now()) {
  const ids = statement(
    db,
    'leftConversations',
    () => `SELECT c.id FROM conversations c WHERE c.community_id = @community
      AND ((c.kind = 'channel' AND c.is_private = 0) OR EXISTS (SELECT 1 FROM conversation_members cm WHERE cm.conversation_id = c.id AND cm.user_id = @u))
      ORDER BY c.id`,
  )
    .pluck()
    .all({ community: communityId, u: userId }) as number[];
  const bus = chatBus(db);
  for (const id of ids) bus.publish(userTopic(userId), { frame: { type: 'conversation.removed', conversationId: id } });
  // Out of the community, out of its calls (the leaving's callers have no clock of their own: the instant is the server's).
  dropFromCommunityCalls(db, communityId, userId, now);
}

export function createChannel(
  db: DB,
  p: { user: UserRow; community: { id: number; name: string }; input: { name: string; topic: string | null; isPrivate: boolean; memberIds: string[] }; now: number },
) {
  const memberIds = p.input.isPrivate ? [...new Set([p.user.id, ...p.input.memberIds])] : [];
  requireMembers(db, p.community.id, memberIds, 'memberIds');
  const id = db.transaction(() => {
    const taken = statement(db, 'channelTaken', () => "SELECT 1 FROM conversations WHERE community_id = ? AND kind = 'channel' AND name = ?").get(p.community.id, p.input.name);
    if (taken) throw new DomainError('conflict', 'chat.errors.channelExists', [{ path: ['name'], message: 'chat.errors.channelExists' }]);
    const inserted = statement(db, 'insertChannel', () =>
      "INSERT INTO conversations (kind, community_id, name, topic, is_private, is_default, created_by, created_at) VALUES ('channel', ?, ?, ?, ?, 0, ?, ?)",
    ).run(p.community.id, p.input.name, p.input.topic, p.input.isPrivate ? 1 : 0, p.user.id, p.now);
    const conversationId = Number(inserted.lastInsertRowid);
    addRows(db, conversationId, memberIds, p.now);
    recordAudit(db, {
      actor: { id: p.user.id },
      action: 'chat.channel.create',
      target: { type: 'community', id: String(p.community.id), label: p.community.name },
      details: { conversationId, name: p.input.name, isPrivate: p.input.isPrivate, members: memberIds.length },
      now: p.now,
    });
    return conversationId;
  }, IMMEDIATE);
  const conversation = conversationOf(db, id)!;
  announceJoined(db, id, readerIds(db, conversation));
  return conversationDetails(db, p.user.id, id, p.now);
}

/** The #general channel every community has; called inside the community's creation. */
export function createDefaultChannel(tx: DbLike, p: { communityId: number; createdBy: string | null; now: number }) {
  tx.insert(conversations).values({ kind: 'channel', communityId: p.communityId, name: 'general', isPrivate: false, isDefault: true, createdBy: p.createdBy, createdAt: p.now }).onConflictDoNothing().run();
}

export function updateChannel(db: DB, p: { user: UserRow; input: { conversationId: number; name?: string; topic?: string | null }; now: number }) {
  const conversation = readableConversation(db, p.user.id, p.input.conversationId);
  if (conversation.kind !== 'channel') throw notFound(CONVERSATION_NOT_FOUND);
  if (p.input.name !== undefined && conversation.isDefault && p.input.name !== conversation.name) throw invalid('chat.errors.defaultChannel', [{ path: ['name'], message: 'chat.errors.defaultChannel' }]);
  db.transaction(() => {
    if (p.input.name !== undefined && p.input.name !== conversation.name) {
      const taken = statement(db, 'channelTaken', () => "SELECT 1 FROM conversations WHERE community_id = ? AND kind = 'channel' AND name = ?").get(conversation.communityId, p.input.name);
      if (taken) throw new DomainError('conflict', 'chat.errors.channelExists', [{ path: ['name'], message: 'chat.errors.channelExists' }]);
    }
    statement(db, 'updateChannel', () => 'UPDATE conversations SET name = coalesce(@name, name), topic = CASE WHEN @setTopic THEN @topic ELSE topic END WHERE id = @id').run({
      id: conversation.id,
      name: p.input.name ?? null,
      setTopic: p.input.topic !== undefined ? 1 : 0,
      topic: p.input.topic ?? null,
    });
    recordAudit(db, {
      actor: { id: p.user.id },
      action: 'chat.channel.update',
      target: { type: 'community', id: String(conversation.communityId), label: `#${conversation.name}` },
      details: { conversationId: conversation.id, name: p.input.name, topic: p.input.topic },
      now: p.now,
    });
  }, IMMEDIATE);
  chatBus(db).publish(conversationTopic(conversation.id), { frame: { type: 'conversation.updated', conversationId: conversation.id }, conversationId: conversation.id });
  return conversationDetails(db, p.user.id, conversation.id, p.now);
}

export function addMembers(db: DB, p: { user: UserRow; conversationId: number; userIds: string[]; now: number }) {
  const conversation = readableConversation(db, p.user.id, p.conversationId);
  const ids = [...new Set(p.userIds)];
  if (conversation.kind === 'direct' || !conversation.isPrivate) throw invalid('chat.errors.notPrivate');
  const leader = isModerator(db, p.user.id, conversation.communityId);
  if (conversation.kind === 'channel' && !leader) throw forbidden('errors.denied.chat');
  requireMembers(db, conversation.communityId, ids, 'userIds');
  const added = db.transaction(() => {
    const rows = addRows(db, conversation.id, ids, p.now);
    if (conversation.kind === 'group' && conversationMemberIds(db, conversation.id).length > GROUP_MAX_MEMBERS) throw invalid('chat.validation.groupTooBig', [{ path: ['userIds'], message: 'chat.validation.groupTooBig' }], { max: GROUP_MAX_MEMBERS });
    if (conversation.kind === 'channel' && rows.length) {
      recordAudit(db, {
        actor: { id: p.user.id },
        action: 'chat.channel.addMembers',
        target: { type: 'community', id: String(conversation.communityId), label: `#${conversation.name}` },
        details: { conversationId: conversation.id, userIds: rows },
        now: p.now,
      });
    }
    return rows;
  }, IMMEDIATE);
  announceJoined(db, conversation.id, added);
  chatBus(db).publish(conversationTopic(conversation.id), { frame: { type: 'conversation.updated', conversationId: conversation.id }, conversationId: conversation.id });
  return { added };
}

export function removeMember(db: DB, p: { user: UserRow; conversationId: number; userId: string; now: number }) {
  const conversation = readableConversation(db, p.user.id, p.conversationId);
  if (conversation.kind === 'direct' || !conversation.isPrivate) throw invalid('chat.errors.notPrivate');
  const self = p.userId === p.user.id;
  const leader = conversation.kind === 'channel' && isModerator(db, p.user.id, conversation.communityId);
  if (!self && !leader) throw forbidden('errors.denied.chat');
  db.transaction(() => {
    const removed = statement(db, 'removeMember', () => 'DELETE FROM conversation_members WHERE conversation_id = ? AND user_id = ?').run(conversation.id, p.userId);
    if (removed.changes !== 1) throw notFound('chat.errors.notInConversation');
    if (!self) {
      recordAudit(db, {
        actor: { id: p.user.id },
        action: 'chat.channel.removeMember',
        target: { type: 'community', id: String(conversation.communityId), label: `#${conversation.name}` },
        details: { conversationId: conversation.id, userId: p.userId },
        now: p.now,
      });
    }
  }, IMMEDIATE);
  chatBus(db).publish(userTopic(p.userId), { frame: { type: 'conversation.removed', conversationId: conversation.id } });
  chatBus(db).publish(conversationTopic(conversation.id), { frame: { type: 'conversation.updated', conversationId: conversation.id }, conversationId: conversation.id });
  // Out of the conversation, out of its call.
  dropUnreadable(db, conversation.id, p.now);
  return { removed: p.userId };
}

/** The communities two accounts share (where both may read chat), oldest first. */
function sharedCommunities(db: DB, a: string, b: string): number[] {
  return statement(
    db,
    'shared',
    () => `SELECT m1.community_id FROM memberships m1 JOIN memberships m2 ON m2.community_id = m1.community_id AND m2.user_id = ?
      WHERE m1.user_id = ? AND m1.role IN (${READER_ROLES_SQL}) AND m2.role IN (${READER_ROLES_SQL}) ORDER BY m1.community_id`,
  )
    .pluck()
    .all(b, a) as number[];
}

export function openDirect(db: DB, p: { userId: string; other: string; communityId?: number; now: number }) {
  if (p.other === p.userId) throw invalid('chat.errors.directSelf', [{ path: ['userId'], message: 'chat.errors.directSelf' }]);
  const key = directKeyOf(p.userId, p.other);
  const existing = statement(db, 'direct', () => 'SELECT id FROM conversations WHERE direct_key = ?').pluck().get(key) as number | undefined;
  const shared = sharedCommunities(db, p.userId, p.other);
  // The same answer for an unknown account and one sharing no community: ids reveal nothing.
  if (!shared.length || (p.communityId !== undefined && !shared.includes(p.communityId))) throw notFound('chat.errors.noSharedCommunity');
  if (existing !== undefined) {
    const row = conversationOf(db, existing)!;
    // The pair still shares a community, but perhaps not the one it was opened in: move it.
    if (!shared.includes(row.communityId)) statement(db, 'moveDirect', () => 'UPDATE conversations SET community_id = ? WHERE id = ?').run(p.communityId ?? shared[0]!, existing);
    return { ...conversationDetails(db, p.userId, existing, p.now), created: false };
  }
  const communityId = p.communityId ?? shared[0]!;
  const id = db.transaction(() => {
    const inserted = statement(db, 'insertDirect', () =>
      "INSERT INTO conversations (kind, community_id, is_private, direct_key, created_by, created_at) VALUES ('direct', ?, 1, ?, ?, ?) ON CONFLICT (direct_key) DO NOTHING",
    ).run(communityId, key, p.userId, p.now);
    if (inserted.changes !== 1) return statement(db, 'direct', () => 'SELECT id FROM conversations WHERE direct_key = ?').pluck().get(key) as number;
    const conversationId = Number(inserted.lastInsertRowid);
    addRows(db, conversationId, [p.userId, p.other], p.now);
    return conversationId;
  }, IMMEDIATE);
  announceJoined(db, id, [p.userId, p.other]);
  return { ...conversationDetails(db, p.userId, id, p.now), created: true };
}

export function createGroup(db: DB, p: { userId: string; communityId: number; userIds: string[]; name: string | null; now: number }) {
  const ids = [...new Set([p.userId, ...p.userIds])];
  if (ids.length > GROUP_MAX_MEMBERS) throw invalid('chat.validation.groupTooBig', [{ path: ['userIds'], message: 'chat.validation.groupTooBig' }], { max: GROUP_MAX_MEMBERS });
  if (ids.length < 2) throw invalid('chat.validation.userIds', [{ path: ['userIds'], message: 'chat.validation.userIds' }]);
  requireMembers(db, p.communityId, ids, 'userIds');
  const id = db.transaction(() => {
    const inserted = statement(db, 'insertGroup', () =>
      "INSERT INTO conversations (kind, community_id, name, is_private, created_by, created_at) VALUES ('group', ?, ?, 1, ?, ?)",
    ).run(p.communityId, p.name, p.userId, p.now);
    const conversationId = Number(inserted.lastInsertRowid);
    addRows(db, conversationId, ids, p.now);
    return conversationId;
  }, IMMEDIATE);
  announceJoined(db, id, ids);
  return conversationDetails(db, p.userId, id, p.now);
}

/** People sharing a community with the caller (or members of `communityId`, which the caller must belong to), by name prefix. */
export function searchPeople(db: DB, p: { userId: string; communityId?: number; prefix: string }) {
  if (p.communityId !== undefined && !isCommunityMember(db, p.userId, p.communityId)) throw notFound('validation.community.notFound');
  const like = `${p.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = statement(
    db,
    'people',
    () => `SELECT u.id, u.first_name AS firstName, u.last_name AS lastName, u.username, u.profile_image_url AS avatarUrl,
        group_concat(m.community_id) AS communityIds
      FROM memberships mine JOIN memberships m ON m.community_id = mine.community_id AND m.user_id <> mine.user_id
      JOIN users u ON u.id = m.user_id
      WHERE mine.user_id = @u AND (@community IS NULL OR mine.community_id = @community)
        AND (u.first_name LIKE @like ESCAPE '\\' OR u.last_name LIKE @like ESCAPE '\\' OR (u.first_name || ' ' || u.last_name) LIKE @like ESCAPE '\\' OR u.username LIKE @like ESCAPE '\\')
      GROUP BY u.id ORDER BY u.first_name COLLATE NOCASE, u.last_name COLLATE NOCASE, u.id LIMIT @take`,
  ).all({ u: p.userId, community: p.communityId ?? null, like, take: PEOPLE_SUGGESTIONS }) as {
    id: string;
    firstName: string;
    lastName: string;
    username: string | null;
    avatarUrl: string | null;
    communityIds: string;
  }[];
  return rows.map((r) => {
    const name = personName(r.firstName, r.lastName);
    return { id: r.id, name, username: r.username, avatarUrl: r.avatarUrl, token: mentionToken(name, r.id), communityIds: r.communityIds.split(',').map(Number) };
  });
}
