/** One event's page: its details, the viewer's answer, and the hosts' tools (attendees, attendance, edit, cancel). */
export const event = {
  title: 'Event',
};
