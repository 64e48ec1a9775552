/** The invitations texts in English. */
export const invitations = {
  title: 'Invitations',
};
