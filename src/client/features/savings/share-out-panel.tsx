import { HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../components/list-states';
import { SectionCard } from '../../components/section-card';
import { DefinitionList } from '../../components/ui/definition-list';
import { currentLanguage } from '../../i18n';
import { formatAmount, formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/current-user';
import { ShareOutLines } from './share-out-lines';
import { ShareOutPreview } from './share-out-preview';

/*
 * The cycle's share-out. While a cycle is open its officers see the preview and the proposal
 * (share-out-preview.tsx); once it is closed, savings.shareOut gives the report as the reader may
 * see it (the officers every line, a member the totals and their own line) and the files in the
 * reader's language. The page opens no one's figures itself: what shows is what the server sent.
 */
export function ShareOutPanel({ communityId, groupId, officer, openCycle, closedCycleId }: { communityId: number; groupId: number; officer: boolean; openCycle: boolean; closedCycleId?: number }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="savings-share-out" testId="savings-share-out" title={t('savings.shareOut.title')} intro={t('savings.shareOut.intro')}>
      {closedCycleId !== undefined ? (
        <ClosedShareOut communityId={communityId} cycleId={closedCycleId} />
      ) : officer && openCycle ? (
        <ShareOutPreview groupId={groupId} />
      ) : (
        <Text color="fg.muted">{t('savings.shareOut.atEnd')}</Text>
      )}
    </SectionCard>
  );
}

/** A closed cycle's share-out: when, the totals, the reader's own line (officers: every line) and the report's files. */
function ClosedShareOut({ communityId, cycleId }: { communityId: number; cycleId: number }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const q = useQuery(trpc.savings.shareOut.queryOptions({ cycleId }));
  return (
    <ListStates query={q} loading={t('savings.loading')} failed={t('savings.loadFailed')} retry={t('savings.tryAgain')}>
      {() => {
        const s = q.data!;
        const m = (amount: number) => formatAmount(amount, s.currency);
        const own = s.lines.find((l) => l.userId === me.id);
        return (
          <Stack gap="4" data-testid="share-out-report">
            <Text fontWeight="medium">{t('savings.shareOut.closed', { number: s.cycleNumber, date: formatDate(s.closedAt) })}</Text>
            <DefinitionList
              items={[
                { label: t('savings.shareOut.sharedFund'), value: m(s.fund), testId: 'share-out-fund' },
                { label: t('savings.shareOut.totalShares'), value: formatNumber(s.totalShares) },
                { label: t('savings.shareOut.paidOut'), value: m(s.paidOut), testId: 'share-out-paid' },
                { label: t('savings.shareOut.carried'), value: m(s.carried), testId: 'share-out-carried' },
              ]}
            />
            {own ? (
              <Text fontWeight="semibold" data-testid="my-share-out">
                {t('savings.shareOut.yours', { amount: m(own.amount), count: own.shares })}
              </Text>
            ) : (
              <Text color="fg.muted">{t('savings.shareOut.noLine')}</Text>
            )}
            {s.allLines && s.lines.length > 0 && <ShareOutLines lines={s.lines} currency={s.currency} />}
            <ReportFiles communityId={communityId} cycleId={cycleId} />
          </Stack>
        );
      }}
    </ListStates>
  );
}

/** The report's three files, in the language the reader reads the app in (the server's `?lang=`). */
function ReportFiles({ communityId, cycleId }: { communityId: number; cycleId: number }) {
  const { t } = useTranslation();
  const base = `/api/communities/${communityId}/savings/cycles/${cycleId}/share-out`;
  const lang = currentLanguage();
  const files = [
    { ext: 'pdf', label: t('savings.shareOut.reportPdf') },
    { ext: 'csv', label: t('savings.shareOut.reportCsv') },
    { ext: 'xlsx', label: t('savings.shareOut.reportXlsx') },
  ];
  return (
    <HStack as="ul" listStyleType="none" gap="4" rowGap="2" flexWrap="wrap" aria-label={t('savings.shareOut.reports')} data-testid="share-out-files">
      {files.map((f) => (
        <li key={f.ext}>
          <ChakraLink href={`${base}.${f.ext}?lang=${lang}`} download color="brand.fg" textDecoration="underline">
            {f.label}
          </ChakraLink>
        </li>
      ))}
    </HStack>
  );
}
