import { describe, expect, it } from 'vitest';
import {
  can,
  canIn,
  COMMUNITY_CAPABILITIES,
  COMMUNITY_ROLES,
  DENIED,
  staffCan,
  STAFF_CAPABILITIES,
  STAFF_ROLES,
  type CommunityRole,
  type StaffRole,
} from '../../src/shared/permissions';
import { translate } from '../../src/server/i18n';

const granted = (role: CommunityRole) => COMMUNITY_CAPABILITIES.filter((c) => can(role, c));
const staffGranted = (role: StaffRole) => STAFF_CAPABILITIES.filter((c) => staffCan(role, c));

describe('permission table: community roles', () => {
  it('a member sees the inside, the books as the community shows them, its circles, events, documents, chat, welfare fund and savings groups, and nothing more', () => {
    expect(granted('member')).toEqual(['community.view', 'finances.view', 'circles.view', 'events.view', 'polls.view', 'discussions.view', 'documents.view', 'chat.view', 'welfare.view', 'savings.view', 'meetings.view']);
  });
  it('a treasurer keeps the books (and brings in their history) and the papers, reads the standing roll and is a welfare officer, but does not manage the community, its members, standing, circles, events, invitations or chat', () => {
    expect(granted('treasurer')).toEqual([
      'community.view',
      'finances.view',
      'finances.record',
      'finances.approve',
      'finances.manage',
      'finances.import',
      'circles.view',
      'events.view',
      'polls.view',
      'discussions.view',
      'documents.view',
      'documents.manage',
      'chat.view',
      'standing.view',
      'welfare.view',
      'welfare.manage',
      'savings.view',
      'meetings.view',
      'meetings.record',
    ]);
  });
  it('an admin manages the community, its members, its announcements and its books (and imports them), but cannot hand it over', () => {
    expect(granted('admin')).toEqual([
      'community.view',
      'community.manage',
      'members.manage',
      'members.import',
      'announcements.manage',
      'finances.view',
      'finances.record',
      'finances.approve',
      'finances.manage',
      'finances.import',
      'circles.view',
      'circles.organise',
      'events.view',
      'events.manage',
      'polls.view',
      'polls.manage',
      'discussions.view',
      'discussions.moderate',
      'documents.view',
      'documents.manage',
      'invitations.send',
      'chat.view',
      'chat.moderate',
      'standing.view',
      'standing.manage',
      'welfare.view',
      'welfare.manage',
      'savings.view',
      'savings.organise',
      'meetings.view',
      'meetings.record',
      'meetings.manage',
    ]);
  });
  it('only the leaders start savings-and-loans groups and name their officers; inside a group its own officers act', () => {
    expect(COMMUNITY_ROLES.filter((r) => can(r, 'savings.organise')).sort()).toEqual(['admin', 'creator']);
    expect(COMMUNITY_ROLES.filter((r) => can(r, 'savings.view')).sort()).toEqual(['admin', 'creator', 'member', 'treasurer']);
    expect(DENIED['savings.organise']).toBe('errors.denied.savings');
  });
  it('every member reads and posts in discussions; only the creator and admins moderate them', () => {
    for (const role of ['member', 'treasurer', 'admin', 'creator'] as const) expect(can(role, 'discussions.view'), role).toBe(true);
    expect(COMMUNITY_ROLES.filter((r) => can(r, 'discussions.moderate')).sort()).toEqual(['admin', 'creator']);
    expect(DENIED['discussions.moderate']).toBe('errors.denied.discussions');
  });
  it('meeting day: every member sees meetings; leaders and the treasurer take attendance and minutes; only leaders call meetings and waive fines', () => {
    expect(COMMUNITY_ROLES.filter((r) => can(r, 'meetings.view')).sort()).toEqual(['admin', 'creator', 'member', 'treasurer']);
    expect(COMMUNITY_ROLES.filter((r) => can(r, 'meetings.record')).sort()).toEqual(['admin', 'creator', 'treasurer']);
    expect(COMMUNITY_ROLES.filter((r) => can(r, 'meetings.manage')).sort()).toEqual(['admin', 'creator']);
    expect(DENIED['meetings.manage']).toBe('errors.denied.meetingsManage');
  });

  it('a community setting can let every member start savings circles, and nothing else', () => {
    expect(canIn('member', { membersOrganiseCircles: false }, 'circles.organise')).toBe(false);
    expect(canIn('member', { membersOrganiseCircles: true }, 'circles.organise')).toBe(true);
    expect(canIn('member', { membersOrganiseCircles: true }, 'members.manage')).toBe(false);
    // Not for outsiders: the setting speaks to members only.
    expect(canIn(null, { membersOrganiseCircles: true }, 'circles.organise')).toBe(false);
  });
  it('a community setting can let every member invite people, and nothing else', () => {
    expect(canIn('member', { membersInvite: false }, 'invitations.send')).toBe(false);
    expect(canIn('member', { membersInvite: true }, 'invitations.send')).toBe(true);
    expect(canIn('member', { membersInvite: true }, 'circles.organise')).toBe(false);
    expect(canIn(null, { membersInvite: true }, 'invitations.send')).toBe(false);
  });
  it('only leaders moderate chat and only leaders and the treasurer manage documents', () => {
    expect(COMMUNITY_ROLES.filter((r) => can(r, 'chat.moderate')).sort()).toEqual(['admin', 'creator']);
    expect(COMMUNITY_ROLES.filter((r) => can(r, 'documents.manage')).sort()).toEqual(['admin', 'creator', 'treasurer']);
    expect(COMMUNITY_ROLES.filter((r) => can(r, 'invitations.send')).sort()).toEqual(['admin', 'creator']);
  });
  it('the creator has every community capability', () => {
    expect(granted('creator')).toEqual([...COMMUNITY_CAPABILITIES]);
  });
  it('nothing is granted by default: no role, an unknown role, or a staff role name', () => {
    for (const role of [null, undefined, '', 'owner', 'superadmin', 'CREATOR']) {
      expect(COMMUNITY_CAPABILITIES.filter((c) => can(role, c)), String(role)).toEqual([]);
    }
  });
  it('lists exactly the four community roles', () => {
    expect([...COMMUNITY_ROLES].sort()).toEqual(['admin', 'creator', 'member', 'treasurer']);
  });
});

describe('permission table: staff roles', () => {
  it('a plain account has no staff capability', () => {
    expect(staffGranted('user')).toEqual([]);
  });
  it('an admin opens the panel but neither creates staff nor changes settings', () => {
    expect(staffGranted('admin')).toEqual(['admin.panel']);
  });
  it('a superadmin has every staff capability', () => {
    expect(staffGranted('superadmin')).toEqual([...STAFF_CAPABILITIES]);
  });
  it('nothing is granted by default: signed out, an unknown role, or a community role name', () => {
    for (const role of [null, undefined, '', 'creator', 'root', 'Admin']) {
      expect(STAFF_CAPABILITIES.filter((c) => staffCan(role, c)), String(role)).toEqual([]);
    }
    expect(STAFF_ROLES).toEqual(['user', 'admin', 'superadmin']);
  });
  it('every capability says in words, in both languages, why it was refused', () => {
    for (const c of [...COMMUNITY_CAPABILITIES, ...STAFF_CAPABILITIES]) {
      expect(translate('en', DENIED[c])).toMatch(/^\p{Lu}\p{L}* .+/u);
      expect(translate('fr', DENIED[c])).toMatch(/^\p{Lu}\p{L}* .+/u);
    }
  });
});
