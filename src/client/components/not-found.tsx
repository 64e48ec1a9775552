import { useTranslation } from 'react-i18next';
import { PageUnavailable } from './page-unavailable';

/** An address the app does not know: says so, with the way home. */
export function NotFound() {
  const { t } = useTranslation();
  return <PageUnavailable title={t('common.notFound.title')} body={t('common.notFound.body')} back={{ to: '/', label: t('common.notFound.home') }} />;
}
