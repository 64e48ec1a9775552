import type { MessageKey } from './i18n/catalogue';

/*
 * Who may do what: the one table. The server's guards and the client's show/hide both read it,
 * so a rule is written once. A role has exactly the capabilities listed for it and nothing else;
 * a new domain adds its capabilities here (and its cells to the authorization matrix).
 *
 * Community roles are per membership; staff roles belong to the provider's own accounts and
 * say nothing about any community (a staff member who is not a member of a community sees no
 * more of its inside than anyone else).
 */

export const COMMUNITY_ROLES = ['creator', 'admin', 'treasurer', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];

export const STAFF_ROLES = ['user', 'admin', 'superadmin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a member may do inside a community. */
export const COMMUNITY_CAPABILITIES = [
  /** See the inside: member directory, announcements, categories. */
  'community.view',
  /** Edit the community's name, description, place, banner and privacy. */
  'community.manage',
  /** Decide join requests, change members' roles, remove members. */
  'members.manage',
  /** Bring members in from a spreadsheet: those with an account join at once, the others are invited. */
  'members.import',
  /** Hand the community over to another member (the creator's role moves with it). */
  'community.transfer',
  /** Write, edit, pin and delete announcements; manage their categories; see drafts. */
  'announcements.manage',
  /** The books as the community's transparency setting allows, one's own statement, declaring a payment. */
  'finances.view',
  /** Confirm or reject payments, record cash, submit and pay expenses, reverse entries, see the whole ledger. */
  'finances.record',
  /** Approve or reject expenses (never one's own). */
  'finances.approve',
  /** Open the books, choose the currency and transparency, add accounts and categories. */
  'finances.manage',
  /** Bring the books' history in from a spreadsheet (opening balances, past payments and expenses), and confirm or reject another officer's import. */
  'finances.import',
  /** See the community's savings circles, ask to join one, contribute, bid, ask for swaps. */
  'circles.view',
  /** Start a savings circle and organise it (a community setting can give this to every member). */
  'circles.organise',
  /** See the community's events, answer them (going, maybe, not going), subscribe to its calendar. */
  'events.view',
  /** Create, edit and cancel events; see and export who answered; record offline answers and attendance. */
  'events.manage',
  /** See the community's polls and elections, vote, nominate oneself, see results as each poll allows and who voted (never how, when anonymous). */
  'polls.view',
  /** Create polls and elections, change their settings before voting starts, close them early, cancel them, manage nominations and open an election's voting. */
  'polls.manage',
  /** Read the community's discussions, start topics, reply, mention members, edit and delete one's own posts, follow or mute a topic. */
  'discussions.view',
  /** Pin, lock, hide and delete any topic or reply, with a reason kept in the audit trail. */
  'discussions.moderate',
  /** See and download the community's documents meant for all members. */
  'documents.view',
  /** Upload documents and new versions, make folders, see and keep leaders-only documents, delete documents. */
  'documents.manage',
  /** Invite people by email and create, see and revoke invitation links (a community setting can give this to every member). */
  'invitations.send',
  /** Read and write in the community's chat: its public channels, private channels one was added to, direct messages and groups with its members; report a message. */
  'chat.view',
  /** Create and manage channels, delete any message in the community's channels, mute a member in a channel for a while, see reports. */
  'chat.moderate',
  /** See every member's standing: the standing roll (who is new, in good standing, in arrears and how much, suspended) and its export. */
  'standing.view',
  /** Set the membership categories and their dues plans, each member's category, the waiting period and the arrears limit; suspend members and lift suspensions. */
  'standing.manage',
  /** See the community's welfare funds and their rules, register one's dependants, open a case for oneself or one's family, see cases' collection totals, pay one's levies. */
  'welfare.view',
  /** Set funds and their rules up; verify and approve cases (two officers, never a party to the case), issue levies, pay and close benefits, read cases' papers. */
  'welfare.manage',
  /** See the community's savings-and-loans groups and their rules, ask to join one; in a group one belongs to, declare one's own money and read one's own statement. Inside a group its own officers (chair, treasurer, secretary) record, confirm and reverse. */
  'savings.view',
  /** Start a savings-and-loans group and name its officers (the officers decide on everyone's money, so the community's leaders choose them). */
  'savings.organise',
  /** See the community's meetings, their agendas, the quorum, the shared and approved minutes; show one's own check-in code, give one's vote by proxy, read one's own fines. */
  'meetings.view',
  /** Meeting day's secretary and treasurer work: take attendance (which posts the fines the community set), write the minutes, record cash brought to the meeting. */
  'meetings.record',
  /** Call meetings, set their agenda, host and rota, the quorum, fines and proxy rules; open votes; waive a fine (never one's own or one they posted). */
  'meetings.manage',
] as const;
export type CommunityCapability = (typeof COMMUNITY_CAPABILITIES)[number];

/** What the provider's staff may do across the installation. */
export const STAFF_CAPABILITIES = [
  /** Open the admin panel: users, communities, the audit log, read the settings. */
  'admin.panel',
  /** Create staff accounts (grants a staff role). */
  'admin.staff',
  /** Change the installation's settings (password policy, session timeout, defaults). */
  'admin.settings',
] as const;
export type StaffCapability = (typeof STAFF_CAPABILITIES)[number];

const FINANCE_OFFICER: readonly CommunityCapability[] = ['finances.view', 'finances.record', 'finances.approve', 'finances.manage', 'finances.import'];
const LEADER: readonly CommunityCapability[] = ['community.view', 'community.manage', 'members.manage', 'members.import', 'announcements.manage', ...FINANCE_OFFICER, 'circles.view', 'circles.organise', 'events.view', 'events.manage', 'polls.view', 'polls.manage', 'discussions.view', 'discussions.moderate', 'documents.view', 'documents.manage', 'invitations.send', 'chat.view', 'chat.moderate', 'standing.view', 'standing.manage', 'welfare.view', 'welfare.manage', 'savings.view', 'savings.organise', 'meetings.view', 'meetings.record', 'meetings.manage'];

export const COMMUNITY_ROLE_CAPABILITIES: Record<CommunityRole, readonly CommunityCapability[]> = {
  creator: [...LEADER, 'community.transfer'],
  admin: LEADER,
  // The treasurer keeps the books; a plain member sees them as the community allows.
  // The treasurer also keeps papers: receipts, draft accounts. Standing is read from the books, so
  // the treasurer sees the roll (to chase arrears); deciding categories and suspensions is the
  // leaders'. The welfare fund is money: the treasurer is one of its officers. A savings group's
  // officers are the group's own, named by the leaders: the community's treasurer is not one by role.
  treasurer: ['community.view', ...FINANCE_OFFICER, 'circles.view', 'events.view', 'polls.view', 'discussions.view', 'documents.view', 'documents.manage', 'chat.view', 'standing.view', 'welfare.view', 'welfare.manage', 'savings.view', 'meetings.view', 'meetings.record'],
  member: ['community.view', 'finances.view', 'circles.view', 'events.view', 'polls.view', 'discussions.view', 'documents.view', 'chat.view', 'welfare.view', 'savings.view', 'meetings.view'],
};

export const STAFF_ROLE_CAPABILITIES: Record<StaffRole, readonly StaffCapability[]> = {
  user: [],
  admin: ['admin.panel'],
  superadmin: ['admin.panel', 'admin.staff', 'admin.settings'],
};

/** Whether a member with `role` (null: not a member) may use `capability` in their community. */
export function can(role: CommunityRole | string | null | undefined, capability: CommunityCapability): boolean {
  const granted = role ? COMMUNITY_ROLE_CAPABILITIES[role as CommunityRole] : undefined;
  return granted !== undefined && granted.includes(capability);
}

/** The community roles that hold `capability`: for a query that lets a row's readers in by their role (never a role list of its own). */
export function rolesWith(capability: CommunityCapability): CommunityRole[] {
  return COMMUNITY_ROLES.filter((role) => can(role, capability));
}

/**
 * Capabilities a community's own setting gives every member besides the roles above (the name
 * of the setting on the community). Off by default, so the table above is the whole rule until
 * a community's leaders switch one on.
 */
export const GRANTED_BY_SETTING: Partial<Record<CommunityCapability, 'membersOrganiseCircles' | 'membersInvite'>> = {
  'circles.organise': 'membersOrganiseCircles',
  'invitations.send': 'membersInvite',
};

/** can(), counting what the community's settings give every member. */
export function canIn(role: CommunityRole | string | null | undefined, community: { membersOrganiseCircles?: boolean | number | null; membersInvite?: boolean | number | null }, capability: CommunityCapability): boolean {
  if (can(role, capability)) return true;
  const setting = GRANTED_BY_SETTING[capability];
  return !!role && setting !== undefined && !!community[setting];
}

/** Whether an account with staff `role` (null: signed out) may use `capability`. */
export function staffCan(role: StaffRole | string | null | undefined, capability: StaffCapability): boolean {
  const granted = role ? STAFF_ROLE_CAPABILITIES[role as StaffRole] : undefined;
  return granted !== undefined && granted.includes(capability);
}

/** What a person is told (a catalogue key) when their role lacks the capability. */
export const DENIED: Record<CommunityCapability | StaffCapability, MessageKey> = {
  'community.view': 'errors.denied.members',
  'community.manage': 'errors.denied.settings',
  'members.manage': 'errors.denied.settings',
  'community.transfer': 'errors.denied.creator',
  'members.import': 'errors.denied.settings',
  'finances.import': 'errors.denied.finances',
  'announcements.manage': 'errors.denied.settings',
  'finances.view': 'errors.denied.members',
  'finances.record': 'errors.denied.finances',
  'finances.approve': 'errors.denied.finances',
  'finances.manage': 'errors.denied.finances',
  'circles.view': 'errors.denied.members',
  'circles.organise': 'errors.denied.circles',
  'events.view': 'errors.denied.members',
  'events.manage': 'errors.denied.events',
  'polls.view': 'errors.denied.members',
  'polls.manage': 'errors.denied.polls',
  'discussions.view': 'errors.denied.members',
  'discussions.moderate': 'errors.denied.discussions',
  'documents.view': 'errors.denied.members',
  'documents.manage': 'errors.denied.documents',
  'invitations.send': 'errors.denied.invitations',
  'chat.view': 'errors.denied.members',
  'chat.moderate': 'errors.denied.chat',
  'standing.view': 'errors.denied.standing',
  'standing.manage': 'errors.denied.standing',
  'welfare.view': 'errors.denied.members',
  'welfare.manage': 'errors.denied.welfare',
  'savings.view': 'errors.denied.members',
  'savings.organise': 'errors.denied.savings',
  'meetings.view': 'errors.denied.members',
  'meetings.record': 'errors.denied.meetingsRecord',
  'meetings.manage': 'errors.denied.meetingsManage',
  'admin.panel': 'errors.denied.adminPanel',
  'admin.staff': 'errors.denied.superadmin',
  'admin.settings': 'errors.denied.superadmin',
};
