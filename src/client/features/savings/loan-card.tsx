import { Badge, Button, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListStates } from '../../components/list-states';
import { ReasonDialog } from '../../components/reason-dialog';
import { ActionRow, RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { StackedCell as Cell, StackedHeader, StackedTable } from '../../components/stacked-table';
import { DefinitionList } from '../../components/ui/definition-list';
import { formatAmount, formatDateTime, formatDay } from '../../lib/format';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/current-user';
import { entryStatusKey, guarantorStatusKey, interestInKey, loanStatusKey, LOAN_STATUS_COLOR, rateText } from './labels';
import { MoneyDialog } from './money-dialog';
import { memberName } from './members-card';
import { loanQuery, type Group, type LoanView } from './queries';
import { useSavingsAction } from './use-savings-action';

/**
 * One loan, opened from a statement, the officers' list or a notice (?loan=): its terms, its
 * guarantors and their answers, the officers' two approvals, the schedule with its due dates, what
 * is paid (interest and principal) and still owed, its repayments, and the one step the viewer
 * may take now. Its borrower, its guarantors and the group's officers read it; to anyone else the
 * server answers "not found".
 */
export function LoanCard({ loanId, group: g }: { loanId: number; group: Group }) {
  const { t } = useTranslation();
  const q = useQuery(loanQuery(loanId));
  const close = (
    <IconButton asChild size="sm" variant="ghost" aria-label={t('savings.loans.close')}>
      <Link to="/savings/$id" params={{ id: String(g.id) }} search={{}}>
        <X />
      </Link>
    </IconButton>
  );
  return (
    <SectionCard id="savings-loan" testId="savings-loan" title={t('savings.loans.card', { id: loanId })} actions={close} borderColor="brand.muted">
      <ListStates query={{ ...q, isError: false }} loading={t('savings.loading')} failed={t('savings.loadFailed')} retry={t('savings.tryAgain')}>
        {() => (q.isError ? <Text role="alert">{errorInfo(q.error).status === 404 ? t('savings.loans.notFound') : errorInfo(q.error).message}</Text> : <LoanBody g={g} l={q.data!} />)}
      </ListStates>
    </SectionCard>
  );
}

function LoanBody({ g, l }: { g: Group; l: LoanView }) {
  const { t } = useTranslation();
  const m = (amount: number) => formatAmount(amount, g.currency);
  const name = (id: string | null) => memberName(g.members.find((x) => x.userId === id) ?? { firstName: '', lastName: '' });
  const approvals = (l.approvedBy ? 1 : 0) + (l.secondApprovedBy ? 1 : 0);
  return (
    <Stack gap="5">
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette={LOAN_STATUS_COLOR[l.status]} data-testid="loan-status">
          {t(loanStatusKey(l.status))}
        </Badge>
        {l.status === 'requested' && <Badge variant="outline">{t('savings.loans.approvals', { count: approvals })}</Badge>}
      </HStack>
      <DefinitionList
        labelWidth="10rem"
        items={[
          { label: t('savings.loans.borrower'), value: name(l.borrowerId) },
          { label: t('savings.loans.principal'), value: m(l.principal), testId: 'loan-principal' },
          { label: t('savings.loans.term'), value: t('savings.loans.terms', { months: t('savings.loans.months', { count: l.periods }), rate: rateText(l.rateBps), method: t(interestInKey(l.interestMethod)) }) },
          { label: t('savings.loans.purposeLabel'), value: l.purpose },
          ...(l.guarantors.length
            ? [
                {
                  label: t('savings.loans.guarantors'),
                  value: (
                    <Stack gap="0" data-testid="loan-guarantors">
                      {l.guarantors.map((x) => (
                        <Text key={x.userId}>
                          {name(x.userId)} · {t(guarantorStatusKey(x.status))}
                          {x.hold > 0 ? ` · ${t('savings.loans.hold', { amount: m(x.hold) })}` : ''}
                        </Text>
                      ))}
                      {l.guaranteed > 0 && <Text fontSize="sm" color="fg.muted">{t('savings.loans.guaranteed', { amount: m(l.guaranteed) })}</Text>}
                    </Stack>
                  ),
                },
              ]
            : []),
          ...(l.reason && (l.status === 'rejected' || l.status === 'written_off') ? [{ label: t('savings.loans.reason'), value: l.reason }] : []),
        ]}
      />
      {l.status === 'active' && l.writeOffProposedBy && <Text color="fg.warning">{t('savings.loans.proposedBy', { reason: l.writeOffReason ?? '' })}</Text>}
      <LoanMoves g={g} l={l} />
      {l.position && (
        <Stack gap="1" data-testid="loan-position">
          <Text fontWeight="medium" data-testid="loan-paid">
            {t('savings.loans.paid', { interest: m(l.paid.interest), principal: m(l.paid.principal) })}
          </Text>
          {l.status === 'active' && (
            <Text data-testid="loan-owed">{t('savings.loans.owed', { principal: m(l.position.principalOutstanding), interest: m(l.position.interestDue) })}</Text>
          )}
        </Stack>
      )}
      <Schedule g={g} l={l} />
      {(l.status === 'active' || l.status === 'repaid' || l.status === 'written_off') && (
        <Stack gap="1" data-testid="loan-repayments">
          <Text fontWeight="semibold">{t('savings.loans.repayments')}</Text>
          {l.repayments.length === 0 ? (
            <Text color="fg.muted">{t('savings.loans.noRepayments')}</Text>
          ) : (
            <RuledList>
              {l.repayments.map((r) => (
                <ActionRow key={r.id} testId="loan-repayment" actions={<Badge colorPalette={r.status === 'confirmed' ? 'green' : r.status === 'pending' ? 'orange' : 'gray'}>{t(entryStatusKey(r.status))}</Badge>}>
                  <Text fontWeight="medium">{m(r.amount)}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDateTime(r.createdAt)}
                    {r.reason ? ` · ${r.reason}` : ''}
                  </Text>
                </ActionRow>
              ))}
            </RuledList>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** The schedule fixed by the loan's terms: each installment's due date (once paid out), amount borrowed, interest and total. */
function Schedule({ g, l }: { g: Group; l: LoanView }) {
  const { t } = useTranslation();
  const m = (amount: number) => formatAmount(amount, g.currency);
  const columns = [{ label: t('savings.loans.installment') }, { label: t('savings.loans.due') }, { label: t('savings.loans.principalPart'), end: true }, { label: t('savings.loans.interest'), end: true }, { label: t('savings.loans.total'), end: true }];
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{t('savings.loans.schedule')}</Text>
      <StackedTable size="sm" data-testid="loan-schedule">
        <StackedHeader columns={columns} />
        <Table.Body role="rowgroup">
          {l.schedule.map((i) => (
            <Table.Row key={i.number} role="row" bg={i.number <= l.dueCount ? 'bg.subtle' : undefined}>
              <Cell label={columns[0]!.label}>{i.number}</Cell>
              <Cell label={columns[1]!.label}>{i.due ? formatDay(i.due) : '—'}</Cell>
              <Cell label={columns[2]!.label} textAlign="end">
                {m(i.principal)}
              </Cell>
              <Cell label={columns[3]!.label} textAlign="end">
                {m(i.interest)}
              </Cell>
              <Cell label={columns[4]!.label} textAlign="end">
                {m(i.total)}
              </Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </StackedTable>
    </Stack>
  );
}

/** What the viewer may do with the loan now; the server decides in the end and says why it refuses. */
function LoanMoves({ g, l }: { g: Group; l: LoanView }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const act = useSavingsAction();
  const failed = t('savings.actionFailed');
  const answer = useMutation(trpc.savings.answerGuarantee.mutationOptions());
  const approve = useMutation(trpc.savings.approveLoan.mutationOptions());
  const reject = useMutation(trpc.savings.rejectLoan.mutationOptions());
  const disburse = useMutation(trpc.savings.disburseLoan.mutationOptions());
  const receive = useMutation(trpc.savings.confirmLoanReceipt.mutationOptions());
  const cancel = useMutation(trpc.savings.cancelDisbursement.mutationOptions());
  const repay = useMutation(trpc.savings.recordRepayment.mutationOptions());
  const writeOff = useMutation(trpc.savings.writeOffLoan.mutationOptions());
  const borrower = l.borrowerId === me.id;
  const myGuarantee = l.guarantors.find((x) => x.userId === me.id);
  const officer = g.myStatus === 'active' && g.myRole !== null && g.myRole !== 'member';
  // Officers decide on a loan unless they borrow or stand behind it (decider(), loans.ts).
  const decider = officer && !borrower && !myGuarantee;
  const guarantorsIn = l.guarantors.every((x) => x.status === 'accepted');
  const borrowerName = memberName(g.members.find((x) => x.userId === l.borrowerId) ?? { firstName: '', lastName: '' });
  const moves = [];
  if (l.status === 'requested' && myGuarantee?.status === 'pending') {
    moves.push(
      <Text key="asked" flexBasis="100%">
        {t('savings.loans.asked', { name: borrowerName })}
      </Text>,
      <Button key="accept" colorPalette="brand" loading={answer.isPending} onClick={() => void act(() => answer.mutateAsync({ id: l.id, accept: true }), failed, t('savings.loans.accepted'))}>
        {t('savings.loans.accept')}
      </Button>,
      <ConfirmDialog
        key="decline"
        trigger={<Button variant="outline" colorPalette="red">{t('savings.loans.decline')}</Button>}
        title={t('savings.loans.declineTitle')}
        description={t('savings.loans.declineIntro', { name: borrowerName })}
        confirmLabel={t('savings.loans.decline')}
        onConfirm={() => act(() => answer.mutateAsync({ id: l.id, accept: false }), failed, t('savings.loans.declined'))}
      />,
    );
  }
  if (l.status === 'requested' && officer && !decider) moves.push(<Text key="party" color="fg.muted">{t('savings.loans.party')}</Text>);
  if (l.status === 'requested' && decider && !guarantorsIn) moves.push(<Text key="wait" color="fg.muted">{t('savings.loans.waitingGuarantors')}</Text>);
  if (l.status === 'requested' && decider && guarantorsIn && l.approvedBy !== me.id) {
    moves.push(
      <Button key="approve" colorPalette="brand" loading={approve.isPending} onClick={() => void act(() => approve.mutateAsync({ id: l.id }), failed, t('savings.loans.approved'))}>
        {t('savings.loans.approve')}
      </Button>,
    );
  }
  if (l.status === 'requested' && decider) {
    moves.push(
      <ReasonDialog
        key="reject"
        trigger={<Button variant="outline" colorPalette="red">{t('savings.loans.reject')}</Button>}
        title={t('savings.loans.rejectTitle')}
        intro={t('savings.loans.rejectIntro')}
        label={t('savings.loans.reason')}
        required={t('savings.confirm.reasonNeeded')}
        max={300}
        submitLabel={t('savings.loans.reject')}
        onSubmit={(reason) => act(() => reject.mutateAsync({ id: l.id, reason }), failed, t('savings.loans.rejected'))}
      />,
    );
  }
  if (l.status === 'approved' && decider) {
    moves.push(
      <MoneyDialog
        key="disburse"
        title={t('savings.loans.disburseTitle')}
        intro={t('savings.loans.disburseIntro', { amount: formatAmount(l.principal, g.currency) })}
        currency={g.currency as Currency}
        submitLabel={t('savings.loans.disburse')}
        testId="disburse-form"
        busy={disburse.isPending}
        onSubmit={(_, payment) => act(() => disburse.mutateAsync({ id: l.id, ...payment }), failed, t('savings.loans.disbursed'))}
        trigger={<Button colorPalette="brand">{t('savings.loans.disburse')}</Button>}
      />,
    );
  }
  if (l.status === 'disbursing' && borrower) {
    moves.push(
      <Button key="receive" colorPalette="green" loading={receive.isPending} onClick={() => void act(() => receive.mutateAsync({ id: l.id }), failed, t('savings.loans.receiptConfirmed'))}>
        {t('savings.loans.confirmReceipt')}
      </Button>,
    );
  }
  // Money the borrower did not get: they, or an officer who is no party to the loan, withdraw the hand-over.
  if (l.status === 'disbursing' && (borrower || decider)) {
    moves.push(
      <ReasonDialog
        key="cancel-disbursement"
        trigger={<Button variant="outline">{t('savings.loans.cancelDisbursement')}</Button>}
        title={t('savings.loans.cancelDisbursementTitle')}
        intro={t('savings.loans.cancelDisbursementIntro')}
        label={t('savings.loans.reason')}
        required={t('savings.confirm.reasonNeeded')}
        max={300}
        submitLabel={t('savings.loans.cancelDisbursement')}
        onSubmit={(reason) => act(() => cancel.mutateAsync({ id: l.id, reason }), failed, t('savings.loans.disbursementCancelled'))}
      />,
    );
  }
  if (l.status === 'active' && (borrower || officer)) {
    const label = borrower ? t('savings.loans.repayMine') : t('savings.loans.repay');
    moves.push(
      <MoneyDialog
        key="repay"
        title={t('savings.loans.repayTitle', { id: l.id })}
        intro={t('savings.loans.repayIntro')}
        currency={g.currency as Currency}
        amountLabel={t('savings.loans.amount')}
        submitLabel={label}
        testId="repay-form"
        busy={repay.isPending}
        onSubmit={(amount, payment) => act(() => repay.mutateAsync({ id: l.id, amount, ...payment }), failed, t('savings.loans.repaid'))}
        trigger={<Button colorPalette="brand">{label}</Button>}
      />,
    );
  }
  if (l.status === 'active' && decider && l.writeOffProposedBy !== me.id) {
    const deciding = !!l.writeOffProposedBy;
    moves.push(
      <ReasonDialog
        key="write-off"
        trigger={<Button variant="outline" colorPalette="red">{deciding ? t('savings.loans.writeOffDecide') : t('savings.loans.writeOff')}</Button>}
        title={t('savings.loans.writeOffTitle')}
        intro={t('savings.loans.writeOffIntro')}
        warn
        label={t('savings.loans.reason')}
        required={t('savings.confirm.reasonNeeded')}
        max={300}
        submitLabel={deciding ? t('savings.loans.writeOffDecide') : t('savings.loans.writeOff')}
        onSubmit={(reason) => act(() => writeOff.mutateAsync({ id: l.id, reason }), failed, t('savings.loans.writeOffDone'))}
      />,
    );
  }
  if (!moves.length) return null;
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="loan-moves">
      {moves}
    </HStack>
  );
}

