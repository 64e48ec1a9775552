import { sql } from 'drizzle-orm';
import { invitations } from '../operations/invitations';
import { invitationRoutes } from '../rest/invitations';
import { invitationNeeds } from '../services/invitations/needs';
import { defineDomain } from './domain';

/** Invitations by email and shareable invite links. */
export const invitationsDomain = defineDomain({
  name: 'invitations',
  operations: { invitations },
  rest: invitationRoutes,
  // The inviter hears that someone joined: news of the community.
  noticeKinds: { 'invitations.notice': 'needs', 'invitations.acceptedNotice': 'announcements' },
  needs: [invitationNeeds],
  // Invitations sent to the old address can no longer be for this person.
  erase: (tx, { user }) => {
    tx.run(sql`UPDATE invitations SET status = 'cancelled' WHERE email = ${user.email} AND status = 'pending'`);
  },
  personalData: {
    invitations: { export: { not: 'who the member invited is the invitee’s data' }, erase: { kept: 'the community’s record; pending ones to the address are cancelled' } },
    invite_links: { export: { not: 'the community’s links' }, erase: { kept: 'the community’s links' } },
  },
});
