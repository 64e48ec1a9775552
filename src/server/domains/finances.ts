import { runDuesJob } from '../jobs/dues';
import { finances } from '../operations/finances';
import { financeRoutes } from '../rest/finances';
import { moneyRecords } from '../services/account/money-records';
import { FINANCE_NEEDS } from '../services/finances/needs';
import { defineDomain } from './domain';

const MONEY_KEPT = { kept: 'money records are never removed: the books must still balance (they name a former member)' } as const;

/** A community's books: payments, expenses, dues, budget, the ledger and its audit trail. */
export const financesDomain = defineDomain({
  name: 'finances',
  operations: { finances },
  rest: financeRoutes,
  jobs: { dues: runDuesJob },
  noticeKinds: {
    ...Object.fromEntries(
      ['paymentConfirmed', 'paymentRejected', 'paymentReversed', 'expenseApproved', 'expenseRejected', 'expensePaid', 'duesBefore', 'duesOverdue'].map((k) => [`notifications.${k}`, 'money' as const]),
    ),
    ...Object.fromEntries(['paymentWaitingDues', 'paymentWaitingDonation', 'paymentWaitingLevy', 'paymentWaitingFine', 'paymentRecordedWaiting', 'expenseWaiting', 'expenseToPay', 'duesTreasurer'].map((k) => [`notifications.${k}`, 'needs' as const])),
  },
  needs: FINANCE_NEEDS,
  // One list of the person's money records, payments and circle contributions together (also as CSV).
  exportData: (db, user) => ({ payments: moneyRecords(db, user.id) }),
  personalData: {
    payments: { export: { key: 'payments' }, erase: MONEY_KEPT },
    ledger_entries: { export: { not: 'the ledger lines of the payments exported' }, erase: MONEY_KEPT },
    expenses: { export: { not: 'the community’s spending, not the member’s money' }, erase: MONEY_KEPT },
    expense_authors: { export: { not: 'who asked for or changed the community’s spending' }, erase: MONEY_KEPT },
    expense_approvals: { export: { not: 'an officer’s decisions on the community’s spending' }, erase: MONEY_KEPT },
    finance_accounts: { export: { not: 'the community’s accounts' }, erase: MONEY_KEPT },
    finance_audit: { export: { not: 'the community’s audit trail' }, erase: { kept: 'append-only, hash-chained' } },
    dues_obligations: { export: { not: 'what was owed; the payments that settled it are exported' }, erase: MONEY_KEPT },
    dues_plan_members: { export: { not: 'the plans the member was put on' }, erase: MONEY_KEPT },
  },
});
