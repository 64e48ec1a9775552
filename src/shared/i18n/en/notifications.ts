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
  duesBefore: { title: 'Dues due soon', message: '{{plan}}: {{amount}} is due on {{date}} in {{community}}.' },
  duesOverdue: { title: 'Dues overdue', message: '{{plan}}: {{amount}} was due on {{date}} in {{community}}. If you have paid, declare it so the treasurer can confirm it.' },
  duesTreasurer: { title: 'Payments to enter', message: '{{plan}} ({{period}}) was due on {{date}} in {{community}} and no payment has been entered yet. Record what was collected before members are reminded.' },
  expensePaid: { title: 'Expense paid', message: 'Your expense “{{description}}” was paid.' },
};
