import { Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { FileSpreadsheet } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The way in to the imports, from the members' settings and the finances tab. */
export function ImportLink({ communityId, kind }: { communityId: number; kind: 'members' | 'ledger' }) {
  const { t } = useTranslation();
  return (
    <Button asChild size="sm" variant="outline" alignSelf="flex-start">
      <Link to="/community/$id/import" params={{ id: String(communityId) }} search={{ kind }}>
        <FileSpreadsheet aria-hidden /> {t('imports.open')}
      </Link>
    </Button>
  );
}
