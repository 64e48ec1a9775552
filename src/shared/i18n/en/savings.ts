/** What the server writes about savings circles outside the screens: receipts. */
export const savings = {
  receipt: {
    contributionTitle: 'Contribution receipt No. {{number}}',
    payoutTitle: 'Payout receipt No. {{number}}',
    circle: 'Savings circle',
    receivedFrom: 'Received from',
    paidTo: 'Paid to',
    amount: 'Amount',
    for: 'For',
    contributionFor: 'Round {{round}} (due {{date}}), hand {{hand}}',
    payoutFor: 'Round {{round}} pot',
    pot: 'Pot',
    potDetail: 'Collected {{collected}} · fee {{fee}} · discount {{discount}} · fines {{fines}}',
    method: 'Method',
    reference: 'Reference',
    confirmedOn: 'Confirmed on',
    confirmedBy: 'Confirmed by',
    recordedBy: 'Paid by',
    late: 'Paid after the due date',
    footer: 'Numbered in sequence for this circle. Every entry is kept in the community’s tamper-evident audit trail.',
  },
};
