/** Notifications as each member reads them; stored as keys with their values, translated when listed. */
export const notifications = {
  welcome: { title: 'Welcome, {{firstName}}!', message: 'Your account is ready. Find a community to join, or start your own.' },
  joinRequest: { title: 'New request to join', message: '{{name}} asked to join {{community}}.' },
  approved: { title: 'Request approved', message: 'Welcome to {{community}}! You are now a member.' },
  declined: { title: 'Request declined', message: 'Your request to join {{community}} was declined.' },
  announcement: { title: 'New announcement', message: '{{title}}' },
  paymentConfirmed: { title: 'Payment confirmed', message: 'Your payment was confirmed. Receipt number {{receiptNo}}.' },
  paymentRejected: { title: 'Payment not confirmed', message: 'Your payment was not confirmed: {{reason}}' },
  expenseApproved: { title: 'Expense approved', message: 'Your expense “{{description}}” was approved.' },
  expenseRejected: { title: 'Expense rejected', message: 'Your expense “{{description}}” was rejected: {{reason}}' },
  expensePaid: { title: 'Expense paid', message: 'Your expense “{{description}}” was paid.' },
};
