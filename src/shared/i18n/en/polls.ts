/** Polls and elections on the screens: the community's list, one poll's page, creating one, voting and results. */
export const polls = {
  title: 'Polls and elections',
};
