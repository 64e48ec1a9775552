import type { CommunityRole, JoinRequestStatus } from '../../../db/schema';

/** A community row as the read queries select it, with the viewer's relation to it. */
export type CommunityRecord = {
  id: number;
  name: string;
  description: string;
  location: string | null;
  imageUrl: string | null;
  isPublic: number;
  isHidden: number;
  membersOrganiseCircles: number;
  membersInvite: number;
  timeZone: string;
  memberCount: number;
  creatorId: string;
  createdAt: number;
  updatedAt: number;
  viewerRole: CommunityRole | null;
  viewerJoinedAt: number | null;
  requestStatus: JoinRequestStatus | null;
};

export const COMMUNITY_COLUMNS = `c.id, c.name, c.description, c.location, c.image_url AS imageUrl, c.is_public AS isPublic, c.is_hidden AS isHidden,
  c.members_organise_circles AS membersOrganiseCircles, c.members_invite AS membersInvite, c.time_zone AS timeZone, c.member_count AS memberCount, c.creator_id AS creatorId, c.created_at AS createdAt, c.updated_at AS updatedAt`;

/** Joins that give each row the viewer's membership and join request (one query, no N+1). */
export const VIEWER_JOINS = `LEFT JOIN memberships vm ON vm.community_id = c.id AND vm.user_id = @viewer
  LEFT JOIN join_requests vr ON vr.community_id = c.id AND vr.user_id = @viewer`;
export const VIEWER_COLUMNS = `vm.role AS viewerRole, vm.joined_at AS viewerJoinedAt, vr.status AS requestStatus`;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A community as this viewer may see it. Outsiders of a private community see only its public
 * summary (name, description, member count): no place, banner, creator or dates.
 */
export function toCommunityDto(r: CommunityRecord) {
  const isMember = r.viewerRole !== null;
  const inside = !!r.isPublic || isMember;
  // One object literal, no spreads: this runs for every row of every list (see docs/benchmarks.md).
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    memberCount: r.memberCount,
    isPublic: !!r.isPublic,
    membersOrganiseCircles: inside && !!r.membersOrganiseCircles,
    membersInvite: inside && !!r.membersInvite,
    location: inside ? r.location : null,
    timeZone: inside ? r.timeZone : null,
    imageUrl: inside ? r.imageUrl : null,
    creatorId: inside ? r.creatorId : null,
    createdAt: inside ? iso(r.createdAt) : null,
    updatedAt: inside ? iso(r.updatedAt) : null,
    isMember,
    role: r.viewerRole,
    joinedAt: r.viewerJoinedAt === null ? null : iso(r.viewerJoinedAt),
    // A decided request is history; only a pending one matters to the screen.
    requestPending: !isMember && r.requestStatus === 'pending',
  };
}
export type CommunityDto = ReturnType<typeof toCommunityDto>;
