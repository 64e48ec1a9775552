/** Texts of the community's books. */
export const finances = {
  categories: {
    dues: 'Dues',
    donation: 'Donations',
    eventIncome: 'Event income',
    otherIncome: 'Other income',
    events: 'Events',
    venue: 'Venue',
    welfare: 'Welfare',
    projects: 'Projects',
    administration: 'Administration',
    otherExpense: 'Other expenses',
  },
};
