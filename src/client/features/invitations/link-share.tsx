import { Button, HStack } from '@chakra-ui/react';
import { Copy, MessageCircle, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { whatsAppShareUrl } from '@shared/invite-link';
import { notify } from '../../components/toaster';
import { useSiteConfig } from '../site-config';

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * A live invitation link's ways out: copied, sent to WhatsApp (its own "send to…" page, the
 * message already written), or handed to the device's share sheet where the browser has one.
 */
export function LinkShareActions({ url, community }: { url: string; community: string }) {
  const { t } = useTranslation();
  const { appName } = useSiteConfig();
  const message = t('invitations.link.shareText', { community, appName, url });
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('invitations.link.copied'));
    } catch {
      notify.info(t('invitations.link.copyFailed'), url);
    }
  }
  async function share() {
    try {
      await navigator.share({ title: community, text: t('invitations.share.text', { community, appName }), url });
    } catch (error) {
      // Closing the sheet is not a failure; a refusal leaves Copy to do it.
      if (!(error instanceof DOMException && error.name === 'AbortError')) void copy();
    }
  }
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="sm" variant="outline" onClick={() => void copy()} data-testid="link-copy">
        <Copy aria-hidden /> {t('invitations.link.copy')}
      </Button>
      <Button size="sm" variant="outline" asChild>
        <a href={whatsAppShareUrl(message)} target="_blank" rel="noopener noreferrer" data-testid="link-whatsapp" aria-label={t('invitations.link.whatsAppLabel')}>
          <MessageCircle aria-hidden /> {t('invitations.link.whatsApp')}
        </a>
      </Button>
      {canShare() && (
        <Button size="sm" variant="outline" onClick={() => void share()} data-testid="link-share">
          <Share2 aria-hidden /> {t('invitations.link.share')}
        </Button>
      )}
    </HStack>
  );
}
