import { Button } from '@chakra-ui/react';
import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { useSiteConfig } from '../site-config';

/** The community's public page: the address that previews well (Open Graph tags) where it is shared. */
export const publicPageUrl = (communityId: number) => `${window.location.origin}/community/${communityId}/details`;

/**
 * The device's own share sheet where the browser has one (phones mostly), else the link copied
 * to the clipboard. Closing the share sheet is not an error.
 */
export function ShareButton({ community }: { community: { id: number; name: string } }) {
  const { t } = useTranslation();
  const { appName } = useSiteConfig();
  async function share() {
    const url = publicPageUrl(community.id);
    const data = { title: community.name, text: t('invitations.share.text', { community: community.name, appName }), url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Refused by the browser (not allowed here): fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('invitations.share.copied'), t('invitations.share.copiedBody', { community: community.name }));
    } catch {
      notify.info(t('invitations.share.failed'), url);
    }
  }
  return (
    <Button size="sm" variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden /> {t('invitations.share.button')}
    </Button>
  );
}
