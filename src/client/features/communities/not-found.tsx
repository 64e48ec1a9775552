import { useTranslation } from 'react-i18next';
import { PageUnavailable } from '../../components/page-unavailable';

/** A community that does not exist (or that the viewer may not know of), with the way back to the directory. */
export function CommunityNotFound() {
  const { t } = useTranslation();
  return <PageUnavailable title={t('communities.notFound.title')} body={t('communities.notFound.body')} back={{ to: '/discover', label: t('communities.notFound.back') }} />;
}
