import { Badge, Button, Card, Container, Heading, HStack, Input, Link as ChakraLink, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Paperclip } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { Currency } from '@shared/money';
import { FormDialog, formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { ListSkeleton } from '../../components/list-states';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatAmount, formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { financeSummaryQuery } from '../finances/queries';
import { ProofLink, ProofPicker } from '../finances/proof-picker';
import { METHODS, METHOD_KEY } from '../finances/labels';
import { caseQuery, refreshWelfare, type CaseView } from './queries';
import { useWelfareSubmit } from './use-welfare-submit';
import { CondolenceDialog } from './officer-forms';
import { CASE_STATUS_COLOR, caseStatusKey, isWelfareOfficer } from './case-status';
import { AddDocumentDialog } from './case-documents';
import { CaseLevies } from './case-levies';
import { communityQuery } from '../communities/queries';
import { MAX_CASE_DOCUMENTS } from '@shared/welfare/rules';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';

/*
 * One welfare case as its reader may see it (the server decides what: the story and the papers
 * are the family's and the officers'; the collection is totals only), and the moves the reader
 * may make now, which the server lists from the one table of transitions.
 */

export function CasePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useQuery(caseQuery(id));
  if (q.isPending) return <ListSkeleton label={t('welfare.loading')} rows={3} />;
  if (q.isError || !q.data) {
    return (
      <Container maxW="3xl" py="6">
        <Text role="alert">{t('welfare.case.notFound')}</Text>
      </Container>
    );
  }
  return <CaseBody k={q.data} />;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="div">{children}</Text>
    </Stack>
  );
}

function CaseBody({ k }: { k: CaseView }) {
  const { t } = useTranslation();
  const currency = k.currency as Currency;
  const m = (amount: number) => formatAmount(amount, currency);
  const relationship = t(`welfare.relationshipOf.${k.relationship}` as MessageKey);
  // Who recorded what each member paid is the officers' (members read the totals only).
  const role = useQuery(communityQuery(k.communityId)).data?.role;
  const officer = isWelfareOfficer({ role: role ?? null });
  return (
    <Container maxW="3xl" py={{ base: '4', md: '6' }} px={{ base: '3', md: '6' }} data-testid="welfare-case">
      <Stack gap="4">
        <ChakraLink asChild fontSize="sm" color="brand.fg">
          <Link to="/community/$id" params={{ id: String(k.communityId) }} search={{ tab: 'welfare' }}>
            <ArrowLeft size={14} aria-hidden /> {t('welfare.case.back')}
          </Link>
        </ChakraLink>
        <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="2">
          <Heading as="h1" size="lg">
            {t('welfare.case.heading', { fund: k.fund.name, id: k.id })}
          </Heading>
          <Badge colorPalette={CASE_STATUS_COLOR[k.status]} data-testid="case-status">
            {t(caseStatusKey(k.status))}
          </Badge>
        </HStack>
        <Card.Root size="sm">
          <Card.Body>
            <Stack gap="3">
              <Text fontWeight="medium">
                {k.subjectName && k.relationship !== 'member'
                  ? t('welfare.case.subjectNamed', { name: k.subjectName, relationship, member: k.member.name })
                  : t('welfare.case.subject', { member: k.member.name, relationship })}
              </Text>
              <Row label={t('welfare.case.benefit')}>{m(k.benefitAmount)}</Row>
              <Row label={t('welfare.case.beneficiary')}>{k.beneficiary.name}</Row>
              {k.openedBy && <Row label={t('welfare.case.openedBy')}>{k.openedBy.name}</Row>}
              {k.verifiedBy && <Row label={t('welfare.case.verifiedBy')}>{k.verifiedBy.name}</Row>}
              {k.approvedBy && <Row label={t('welfare.case.approvedBy')}>{k.approvedBy.name}</Row>}
              {k.description && <Row label={t('welfare.case.description')}>{k.description}</Row>}
              {k.rejectReason && <Text color="fg.error">{t('welfare.case.rejected', { reason: k.rejectReason })}</Text>}
              {k.documents && (
                <Row label={t('welfare.case.documents')}>
                  <Stack gap="1" data-testid="case-documents">
                    {k.documents.length === 0 && t('welfare.case.noDocuments')}
                    {k.documents.map((d, i) => (
                      <ProofLink key={d.id} url={d.url} label={d.label || t('welfare.case.document', { n: i + 1 })} pdfLabel={d.label || t('welfare.case.document', { n: i + 1 })} />
                    ))}
                    {/* Whoever sees the papers (the officers, whoever opened the case) may add one while it is being checked. */}
                    {['open', 'verified'].includes(k.status) && k.documents.length < MAX_CASE_DOCUMENTS && (
                      <AddDocumentDialog
                        k={k}
                        trigger={
                          <Button size="xs" variant="outline" alignSelf="flex-start" mt="1">
                            <Paperclip aria-hidden /> {t('welfare.documents.add')}
                          </Button>
                        }
                      />
                    )}
                  </Stack>
                </Row>
              )}
              {k.fundHeld !== null && <Text fontSize="sm">{t('welfare.case.fundHeld', { amount: m(k.fundHeld) })}</Text>}
            </Stack>
          </Card.Body>
        </Card.Root>

        {k.levy && k.collection && (
          <Card.Root size="sm" data-testid="case-collection">
            <Card.Header>
              <Card.Title as="h2">{t('welfare.case.collection')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack gap="1">
                <Text>{t('welfare.case.levy', { amount: m(k.levy.amount), date: formatDate(k.levy.dueAt) })}</Text>
                <Text fontWeight="medium">{t('welfare.case.collectionProgress', { collected: m(k.collection.collected), expected: m(k.collection.expected) })}</Text>
                <Text>{t('welfare.case.paidCount', { paid: k.collection.paidCount, levied: k.collection.levied })}</Text>
                {k.myLevy && (
                  <Text data-testid="my-levy" color={k.myLevy.status === 'paid' ? 'green.fg' : undefined}>
                    {k.myLevy.status === 'paid' ? t('welfare.case.myLevyPaid') : t('welfare.case.myLevyDue', { amount: m(k.myLevy.outstanding), date: formatDate(k.myLevy.dueAt) })}
                  </Text>
                )}
              </Stack>
              {officer && <CaseLevies k={k} currency={currency} />}
            </Card.Body>
          </Card.Root>
        )}

        {k.benefit && (
          <Card.Root size="sm" data-testid="case-benefit">
            <Card.Body>
              <Stack gap="1">
                <Text>{t('welfare.case.benefitPaid', { amount: m(k.benefitAmount), date: formatDate(k.benefit.paidAt) })}</Text>
                {k.benefit.confirmedAt && <Text color="green.fg">{t('welfare.case.benefitConfirmed', { date: formatDate(k.benefit.confirmedAt) })}</Text>}
                {k.benefit.proofUrl && <ProofLink url={k.benefit.proofUrl} label={t('welfare.case.proof')} pdfLabel={t('welfare.case.proof')} />}
              </Stack>
            </Card.Body>
          </Card.Root>
        )}
        {k.closedAt && <Text>{t('welfare.case.closed', { date: formatDate(k.closedAt) })}</Text>}
        {k.partyOfficer && <Text color="fg.muted">{t('welfare.case.partyOfficer')}</Text>}
        {k.decidersLeft === 0 && <Text color="fg.error">{t('welfare.case.noDeciders')}</Text>}
        <Moves k={k} />
        {k.canCondole && <CondolenceDialog k={k} trigger={<Button variant="outline" alignSelf="flex-start">{t('welfare.case.condolence')}</Button>} />}
        {!['open', 'verified', 'rejected'].includes(k.status) && (
          <HStack gap="3" flexWrap="wrap" fontSize="sm">
            <ChakraLink href={`/api/welfare/cases/${k.id}/report.pdf`} download color="brand.fg">
              {t('welfare.case.reportPdf')}
            </ChakraLink>
            <ChakraLink href={`/api/welfare/cases/${k.id}/report.csv`} download color="brand.fg">
              {t('welfare.case.reportCsv')}
            </ChakraLink>
          </HStack>
        )}
      </Stack>
    </Container>
  );
}

/** The moves the reader may make now: plain buttons for those without input, a dialog for the others. */
function Moves({ k }: { k: CaseView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const done = async (message: string) => {
    notify.success(message);
    await refreshWelfare(queryClient);
  };
  const fail = (error: unknown) => notify.error(t('welfare.loadFailed'), errorInfo(error).message);
  const verify = useMutation(trpc.welfare.verify.mutationOptions({ onSuccess: () => done(t('welfare.case.verified')), onError: fail }));
  const approve = useMutation(trpc.welfare.approve.mutationOptions({ onSuccess: () => done(t('welfare.case.approved')), onError: fail }));
  const levy = useMutation(trpc.welfare.issueLevy.mutationOptions({ onSuccess: (r) => done(t('welfare.case.levyIssued', { count: r.levyCount ?? 0 })), onError: fail }));
  const confirm = useMutation(trpc.welfare.confirmBenefit.mutationOptions({ onSuccess: () => done(t('welfare.case.received')), onError: fail }));
  const mv = k.moves;
  if (!Object.values(mv).some(Boolean)) return null;
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="case-moves">
      {mv.verify && (
        <Button colorPalette="brand" onClick={() => verify.mutate({ id: k.id })} loading={verify.isPending}>
          {t('welfare.case.verify')}
        </Button>
      )}
      {mv.approve && (
        <Button colorPalette="brand" onClick={() => approve.mutate({ id: k.id })} loading={approve.isPending}>
          {t('welfare.case.approve')}
        </Button>
      )}
      {mv.issueLevy && (
        <Button colorPalette="brand" onClick={() => levy.mutate({ id: k.id })} loading={levy.isPending}>
          {t('welfare.case.issueLevy')}
        </Button>
      )}
      {mv.payBenefit && <PayBenefitDialog k={k} trigger={<Button colorPalette="brand">{t('welfare.case.payBenefit')}</Button>} />}
      {mv.confirmBenefit && (
        <Button colorPalette="green" onClick={() => confirm.mutate({ id: k.id })} loading={confirm.isPending}>
          {t('welfare.case.confirmBenefit')}
        </Button>
      )}
      {mv.close && <TextMoveDialog k={k} kind="close" trigger={<Button variant="outline">{t('welfare.case.close')}</Button>} />}
      {mv.reject && <TextMoveDialog k={k} kind="reject" trigger={<Button variant="outline" colorPalette="red">{t('welfare.case.reject')}</Button>} />}
    </HStack>
  );
}

/** Close (with an optional note) or reject (with a reason). */
function TextMoveDialog({ k, kind, trigger }: { k: CaseView; kind: 'close' | 'reject'; trigger: ReactElement }) {
  const { t } = useTranslation();
  const submit = useWelfareSubmit();
  const [text, setText] = useState('');
  const close = useMutation(trpc.welfare.close.mutationOptions());
  const reject = useMutation(trpc.welfare.reject.mutationOptions());
  return (
    <FormDialog title={t(kind === 'close' ? 'welfare.dialogs.closeTitle' : 'welfare.dialogs.rejectTitle')} trigger={trigger}>
      {(onDone) => (
        <DialogForm
          onSubmit={submit(
            () => (kind === 'close' ? close.mutateAsync({ id: k.id, note: text }) : reject.mutateAsync({ id: k.id, reason: text })),
            t(kind === 'close' ? 'welfare.case.closedToast' : 'welfare.case.rejectedToast'),
            onDone,
          )}
          onCancel={onDone}
          submitLabel={t('welfare.dialogs.submit')}
          busy={close.isPending || reject.isPending}
          cancelLabel={t('welfare.dialogs.cancel')}
          browserChecks
        >
          <FormField name="text" label={t(kind === 'close' ? 'welfare.dialogs.note' : 'welfare.dialogs.reason')} required={kind === 'reject'}>
            <Textarea id="text" value={text} onChange={(e) => setText(e.target.value)} maxLength={kind === 'close' ? 1000 : 300} rows={3} />
          </FormField>
        </DialogForm>
      )}
    </FormDialog>
  );
}

/** The benefit sent: from which account, how, and its proof (required). */
const PayBenefitDialog = formDialog(PayBenefitForm, (t) => t('welfare.dialogs.payTitle'), { base: 'full', md: 'md' });

function PayBenefitForm({ k, onDone }: { k: CaseView; onDone: () => void }) {
  const { t } = useTranslation();
  const submit = useWelfareSubmit();
  const books = useQuery(financeSummaryQuery(k.communityId)).data;
  const accounts = books && books.opened ? (books.accounts ?? []) : [];
  const [accountId, setAccountId] = useState('');
  const [method, setMethod] = useState<(typeof METHODS)[number]>('mobile_money');
  const [reference, setReference] = useState('');
  const [proofUrl, setProofUrl] = useState<string | null>(null);
  const pay = useMutation(trpc.welfare.payBenefit.mutationOptions());
  const account = accountId || String(accounts[0]?.id ?? '');
  return (
    <DialogForm
      testId="pay-benefit-form"
      onSubmit={(e) => {
        if (proofUrl) return submit(() => pay.mutateAsync({ id: k.id, accountId: Number(account), method, reference: reference || null, proofUrl }), t('welfare.case.benefitRecorded'), onDone)(e);
        e.preventDefault();
        notify.error(t('welfare.loadFailed'), t('welfare.dialogs.proof'));
      }}
      onCancel={onDone}
      submitLabel={t('welfare.dialogs.submit')}
      busy={pay.isPending}
      cancelLabel={t('welfare.dialogs.cancel')}
      browserChecks
    >
      <FormField name="accountId" label={t('welfare.dialogs.account')}>
        <Select id="accountId" value={account} onChange={(e) => setAccountId(e.target.value)} options={accounts.map((a) => ({ value: a.id, label: a.name }))} />
      </FormField>
      <FormField name="method" label={t('welfare.dialogs.method')}>
        <Select id="method" value={method} onChange={(e) => setMethod(e.target.value as (typeof METHODS)[number])} options={METHODS.map((x) => ({ value: x, label: t(METHOD_KEY[x]) }))} />
      </FormField>
      <FormField name="reference" label={t('welfare.dialogs.reference')}>
        <Input id="reference" value={reference} onChange={(e) => setReference(e.target.value)} maxLength={80} autoComplete="off" />
      </FormField>
      <ProofPicker id="benefitProof" label={t('welfare.dialogs.proof')} value={proofUrl} onChange={setProofUrl} testId="benefit-proof" />
    </DialogForm>
  );
}
