/** Words used across the app. */
export const common = {
  language: 'Language',
  chooseLanguage: 'Choose language',
  loading: 'Loading…',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  loadMore: 'Load more',
  members_one: '{{count}} Member',
  members_other: '{{count}} Members',
};
