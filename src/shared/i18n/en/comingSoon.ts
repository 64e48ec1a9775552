/** The coming-soon screens (/chat). */
export const comingSoon = {
  back: 'Back to Dashboard',
  badge: 'Coming Soon',
  timeline: 'Timeline: in development',
  timelineBody: 'We are building it now and will not promise a date until it is ready and tested.',
  upcoming: 'What is coming',
  explore: 'Explore Communities',
  returnToDashboard: 'Return to Dashboard',
  chat: {
    title: 'Chat',
    subtitle: 'Messaging Platform',
    description:
      'Conversations that belong to your community instead of a phone number list: talk one to one or as a group, call each other and share the files that matter, all alongside your announcements and members.',
    features: {
      messaging: { title: 'Messaging', description: 'Direct messages between members of the same community.' },
      groups: { title: 'Group conversations', description: 'Conversations for the whole community, a committee or a savings circle.' },
      calls: { title: 'Video and voice calls', description: 'Meet face to face when the group cannot gather in person.' },
      files: { title: 'File sharing', description: 'Share minutes, photos and documents where the group can find them again.' },
      privacy: {
        title: 'Private and secure',
        description:
          'Conversations visible only to the people in them, stored with the rest of your community’s data rather than on someone else’s platform.',
      },
    },
  },
};
