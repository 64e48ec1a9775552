/** Texts of the signed-in frame: the navigation, the notifications menu, the password-change gate. */
export const shell = {
  offline: 'You are offline. What you see may be out of date; changes cannot be saved until you are back online.',
  nav: {
    main: 'Main',
    home: 'Harambee dashboard',
    dashboard: 'Dashboard',
    communities: 'Communities',
    events: 'Events',
    explore: 'Explore',
    chat: 'Chat',
    njangi: 'Njangi',
    soon: '{{label}} (Coming Soon)',
    profile: 'Your Profile',
    logOut: 'Log out',
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
