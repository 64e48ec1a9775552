/** Lists of events (the /events page, the community Events tab, the dashboard and Overview cards) and the Schedule Event dialog. */
export const events = {
  title: 'Events',
};
