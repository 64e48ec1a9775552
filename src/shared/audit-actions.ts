/**
 * Every action code the server writes to the staff audit log (`recordAudit` accepts no other), so
 * the panel has a readable name for each in both languages (a unit test holds the catalogues to
 * this list). A new audited action starts here.
 */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.updated',
  'user.staff_created',
  'user.password_reset',
  'user.second_factor_reset',
  'user.verified',
  'user.reset_email_sent',
  'user.deleted',
  'account.deleted',
  'community.hidden',
  'community.unhidden',
  'community.deleted',
  'community.documentQuota',
  'settings.updated',
  'invitations.link_created',
  'invitations.link_revoked',
  'invitations.sent',
  'invitations.resent',
  'invitations.cancelled',
  'invitations.reported',
  'imports.members',
  'chat.channel.create',
  'chat.channel.update',
  'chat.channel.addMembers',
  'chat.channel.removeMember',
  'chat.message.delete',
  'chat.member.mute',
  'chat.member.unmute',
  'chat.report.resolve',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
