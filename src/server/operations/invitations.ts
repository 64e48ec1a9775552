/* The invitations operations (being built). */
export const invitations = {};
