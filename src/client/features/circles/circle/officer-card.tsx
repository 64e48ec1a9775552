import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Banknote, CircleCheck, HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatAmount } from '../../../lib/format';
import { trpc } from '../../../trpc';
import { ProofLink } from '../../finances/proof-picker';
import { METHOD_KEY } from '../../finances/labels';
import { RecordPaymentDialog } from './record-payment-dialog';
import { type Detail, type OfficerQueue } from './model';
import { ActionRow, RuledList } from '../../../components/rows';
import { ContributionDecision, FineDecision } from './decisions';
import { SectionCard } from '../../../components/section-card';
import { EmptyNote } from '../../../components/empty-state';

/**
 * What waits for the viewer as one of the community's finance officers (never the organiser):
 * the organiser's own contributions to confirm or reject, their fines to settle, the payout of a
 * round whose pot goes to the organiser's hand, and top-ups owed to the organiser. The server
 * sends this only to finance officers (njangi.get's officerQueue).
 */
export function OfficerCard({ detail: d, queue: q }: { detail: Detail; queue: OfficerQueue }) {
  const { t } = useTranslation();
  const nothing = q.contributions.length + q.fines.length + q.topUps.length === 0 && !q.payout;
  return (
    <SectionCard
      id="circle-officer"
      title={t('circle.officer.title')}
      intro={t('circle.officer.intro', { organiser: d.circle.organiserName })}
      bodyGap="5"
      testId="officer-card"
      borderColor="brand.muted"
    >
      {nothing ? (
        <EmptyNote icon={<CircleCheck />}>{t('circle.officer.empty')}</EmptyNote>
      ) : (
        <>
          {q.contributions.length > 0 && <Contributions detail={d} queue={q} />}
          {q.fines.length > 0 && <Fines detail={d} queue={q} />}
          {q.payout && <Payout detail={d} payout={q.payout} />}
          {q.topUps.length > 0 && <TopUps detail={d} queue={q} />}
        </>
      )}
    </SectionCard>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="1">
      <Heading as="h3" size="sm" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

const roundOf = (d: Detail, roundId: number) => d.rounds.find((r) => r.id === roundId)?.number ?? 0;
const handOf = (d: Detail, handId: number) => d.hands.find((h) => h.id === handId)?.handNo ?? 0;

function Contributions({ detail: d, queue: q }: { detail: Detail; queue: OfficerQueue }) {
  const { t } = useTranslation();
  const c = d.circle;
  const name = c.organiserName;
  return (
    <Section id="officer-contributions" title={t('circle.officer.contributions')}>
      <RuledList>
        {q.contributions.map((x) => {
          const round = roundOf(d, x.roundId);
          const amount = formatAmount(x.amount, c.currency);
          return (
            <ActionRow key={x.id} testId="officer-contribution" actions={<ContributionDecision id={x.id} officer name={name} round={round} amount={amount} />}>
              <HStack gap="2" flexWrap="wrap">
                <Text fontWeight="semibold">{amount}</Text>
                {x.late && <Badge colorPalette="orange">{t('circle.mine.paidLate')}</Badge>}
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {[t('circle.queue.what', { round, hand: handOf(d, x.handId) }), t(METHOD_KEY[x.method]), x.reference, formatDate(x.createdAt, { style: 'short' })].filter(Boolean).join(' · ')}
              </Text>
              {x.proofUrl && <ProofLink url={x.proofUrl} label={t('circle.queue.proofOf', { name })} pdfLabel={t('circle.queue.proofPdfOf', { name })} />}
            </ActionRow>
          );
        })}
      </RuledList>
    </Section>
  );
}

function Fines({ detail: d, queue: q }: { detail: Detail; queue: OfficerQueue }) {
  const { t } = useTranslation();
  const c = d.circle;
  const name = c.organiserName;
  return (
    <Section id="officer-fines" title={t('circle.officer.fines')}>
      <RuledList>
        {q.fines.map((f) => {
          const round = roundOf(d, f.roundId);
          const amount = formatAmount(f.amount, c.currency);
          return (
            <ActionRow key={f.id} testId="officer-fine" actions={<FineDecision id={f.id} officer name={name} round={round} amount={amount} />}>
              <Text fontWeight="semibold">{amount}</Text>
              <Text fontSize="sm" color="fg.muted">
                {[t('circle.queue.what', { round, hand: handOf(d, f.handId) }), formatDate(f.createdAt, { style: 'short' })].join(' · ')}
              </Text>
            </ActionRow>
          );
        })}
      </RuledList>
    </Section>
  );
}

function Payout({ detail: d, payout: p }: { detail: Detail; payout: NonNullable<OfficerQueue['payout']> }) {
  const { t } = useTranslation();
  const record = useMutation(trpc.njangi.officerRecordPayout.mutationOptions());
  const c = d.circle;
  const m = (n: number) => formatAmount(n, c.currency);
  const minus = (n: number) => (n ? `− ${m(n)}` : m(0));
  const lines: [string, string][] = [
    [t('circle.split.pot'), m(c.hands * c.contribution)],
    [t('circle.split.collected'), m(p.collected)],
    [t('circle.split.shortfall'), minus(p.shortfall)],
    [t('circle.split.fines'), p.fines ? `+ ${m(p.fines)}` : m(0)],
    [t('circle.split.fee'), minus(p.fee)],
    ...(c.payoutMethod === 'auction' ? ([[t('circle.split.discount'), minus(p.discount)]] as [string, string][]) : []),
    [t('circle.split.payout'), m(Math.max(p.amount, 0))],
  ];
  return (
    <Section id="officer-payout" title={t('circle.officer.payout')}>
      <Stack gap="2" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} data-testid="officer-payout">
        <Text>{t('circle.officer.payoutLine', { round: p.number, hand: p.handNo, amount: m(Math.max(p.amount, 0)) })}</Text>
        <RecordPaymentDialog
          title={t('circle.payout.title', { round: p.number })}
          intro={t('circle.payout.to', { name: c.organiserName, hand: p.handNo })}
          lines={lines}
          submitLabel={t('circle.payout.submit')}
          send={(payment) => record.mutateAsync({ id: p.roundId, ...payment })}
          done={t('circle.payout.done')}
          doneBody={t('circle.payout.doneBody', { amount: m(p.amount), round: p.number })}
          failed={t('circle.payout.failed')}
          proofTestId="officer-payout-proof-file"
          trigger={
            <Button size="sm" colorPalette="brand" flexShrink={0} disabled={p.amount <= 0} aria-label={t('circle.payout.openLabel', { round: p.number })}>
              <Banknote aria-hidden /> {t('circle.payout.open')}
            </Button>
          }
        />
      </Stack>
    </Section>
  );
}

function TopUps({ detail: d, queue: q }: { detail: Detail; queue: OfficerQueue }) {
  const { t } = useTranslation();
  const record = useMutation(trpc.njangi.officerRecordTopUp.mutationOptions());
  const c = d.circle;
  const name = c.organiserName;
  return (
    <Section id="officer-top-ups" title={t('circle.officer.topUps')}>
      <RuledList>
        {q.topUps.map((x) => {
          const round = roundOf(d, x.roundId);
          const amount = formatAmount(x.amount, c.currency);
          return (
            <Stack as="li" key={x.id} py="3" gap="2" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} data-testid="officer-top-up">
              <Text fontWeight="semibold">{t('circle.topUps.line', { amount, round, name })}</Text>
              <RecordPaymentDialog
                title={t('circle.topUps.recordTitle')}
                intro={t('circle.topUps.recordIntro', { amount, round, name })}
                submitLabel={t('circle.topUps.recordSubmit')}
                send={(payment) => record.mutateAsync({ id: x.id, ...payment })}
                done={t('circle.topUps.recorded')}
                doneBody={t('circle.topUps.recordedBody', { name })}
                failed={t('circle.topUps.failed')}
                proofTestId="officer-top-up-proof-file"
                trigger={
                  <Button size="sm" colorPalette="brand" flexShrink={0} aria-label={t('circle.topUps.recordLabel', { amount, round })}>
                    <HandCoins aria-hidden /> {t('circle.topUps.record')}
                  </Button>
                }
              />
            </Stack>
          );
        })}
      </RuledList>
    </Section>
  );
}
