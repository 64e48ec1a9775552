import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { EmptyNote } from '../../components/empty-state';
import { RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/format';
import { BooksStates } from '../finances/books-states';
import { accountName } from '../finances/labels';
import type { Books } from '../finances/types';
import { statementsQuery } from './queries';
import { StatementUpload } from './statement-upload';
import { StatementLines } from './statement-view';

type View = { at: 'list' } | { at: 'upload' } | { at: 'statement'; id: number };

/**
 * The officers' account statements, in the Payments section: the statements brought in (each with
 * the lines still open), bringing in another, and one statement's lines to match.
 */
export function StatementsCard({ communityId, books }: { communityId: number; books: Books }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ at: 'list' });
  return (
    <SectionCard
      id="account-statements"
      title={t('collecting.statements.title')}
      intro={t('collecting.statements.intro')}
      testId="account-statements"
      actions={
        view.at === 'list' && (
          <ButtonWithIcon icon={Upload} variant="outline" onClick={() => setView({ at: 'upload' })}>
            {t('collecting.statements.upload')}
          </ButtonWithIcon>
        )
      }
      bodyGap="3"
    >
      {view.at === 'upload' && <StatementUpload communityId={communityId} books={books} onImported={(id) => setView({ at: 'statement', id })} onCancel={() => setView({ at: 'list' })} />}
      {view.at === 'statement' && <StatementLines communityId={communityId} id={view.id} currency={books.currency} onBack={() => setView({ at: 'list' })} />}
      {view.at === 'list' && <StatementList communityId={communityId} books={books} onOpen={(id) => setView({ at: 'statement', id })} />}
    </SectionCard>
  );
}

function StatementList({ communityId, books, onOpen }: { communityId: number; books: Books; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const q = useQuery(statementsQuery(communityId));
  const rows = q.data ?? [];
  const accounts = new Map((books.accounts ?? []).map((a) => [a.id, accountName(t, a)]));
  return (
    <BooksStates query={q} rows={2} rowHeight="12" failed={t('collecting.statements.loadFailed')} empty={rows.length === 0 && <EmptyNote icon={<FileSpreadsheet />}>{t('collecting.statements.empty')}</EmptyNote>}>
      <RuledList>
        {rows.map((s) => (
          <HStack as="li" key={s.id} justify="space-between" gap="3" py="3" flexWrap="wrap" data-testid="statement-item">
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" wordBreak="break-all">
                {s.fileName}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {[accounts.get(s.accountId), formatDate(s.createdAt, { style: 'short' }), t('collecting.statements.lines', { count: s.lines })].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <HStack gap="2">
              {s.open > 0 ? <Badge colorPalette="orange">{t('collecting.statements.open', { count: s.open })}</Badge> : <Badge colorPalette="green">{t('collecting.statements.done')}</Badge>}
              <Button size="sm" variant="outline" onClick={() => onOpen(s.id)} aria-label={t('collecting.statements.openLabel', { file: s.fileName })}>
                {t('collecting.statements.openIt')}
              </Button>
            </HStack>
          </HStack>
        ))}
      </RuledList>
    </BooksStates>
  );
}
