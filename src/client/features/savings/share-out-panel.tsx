import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';

/*
 * The cycle's share-out. Its procedures (savings.shareOutPreview, .proposeShareOut,
 * .confirmShareOut, .rejectShareOut, .shareOut and the report files) are being built beside this
 * branch; until they are merged the panel says it is coming. The full panel, written against those
 * names, waits in share-out-panel.full.tsx.txt at the worktree's root, to replace this file then.
 */
export function ShareOutPanel(_: { communityId: number; groupId: number; isOfficer: boolean }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="savings-share-out" testId="savings-share-out" title={t('savings.shareOut.title')} size="sm">
      <Text color="fg.muted">{t('savings.shareOut.soon')}</Text>
    </SectionCard>
  );
}
