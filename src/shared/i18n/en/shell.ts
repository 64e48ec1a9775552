/** Texts of the signed-in frame: the navigation, the notifications menu, the password-change gate. */
export const shell = {
  offline: 'You are offline. What you see may be out of date; changes cannot be saved until you are back online.',
  nav: {
    main: 'Main',
    home: 'Harambee dashboard',
    homeShort: 'Home',
    more: 'More',
    closeMore: 'Close',
    // Read after a destination's label ("Chat, 3 unread messages"); the badge beside it is not read.
    unread_one: ', {{count}} unread message',
    unread_other: ', {{count}} unread messages',
    dashboard: 'Dashboard',
    communities: 'Communities',
    events: 'Events',
    explore: 'Explore',
    chat: 'Chat',
    njangi: 'Njangi',
    soon: '{{label}} (Coming Soon)',
    profile: 'Your Profile',
    logOut: 'Sign out',
  },
  notifications: {
    title: 'Notifications',
    button: 'Notifications',
    buttonUnread_one: 'Notifications, {{count}} unread',
    buttonUnread_other: 'Notifications, {{count}} unread',
    markAllRead: 'Mark all read',
    clearAll: 'Clear all',
    empty: 'You are all caught up.',
    unread: 'Unread',
    remove: 'Remove notification: {{title}}',
    showOlder: 'Show older',
  },
  passwordGate: {
    title: 'Choose a new password',
    description: 'Your password was reset by an administrator. Please choose a new one to continue.',
  },
};
