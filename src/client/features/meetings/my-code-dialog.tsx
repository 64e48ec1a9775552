import { Dialog, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { myCodeQuery } from './queries';

/**
 * The member's check-in code, to show the secretary at the door: a QR code of the code itself
 * (8 characters, the same at every meeting of the community, so a secretary's phone can match it
 * offline against the roster it cached) and the code in large letters to read out or type.
 */
export function MyCodeDialog({ communityId, trigger }: { communityId: number; trigger: ReactElement }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('meetings.code.title')} trigger={trigger} size="sm">
      {() => (
        <Dialog.Body>
          <MyCode communityId={communityId} />
        </Dialog.Body>
      )}
    </FormDialog>
  );
}

export function MyCode({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const code = useQuery(myCodeQuery(communityId)).data?.code;
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!code) return;
    let live = true;
    // The encoder loads only when a code is shown.
    void import('qrcode').then((QR) => QR.toDataURL(code, { margin: 2, width: 256, errorCorrectionLevel: 'M' })).then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <Stack gap="4" align="center" p="6" data-testid="my-check-in-code">
      <Text textAlign="center">{t('meetings.code.intro')}</Text>
      {image ? <Image src={image} alt={t('meetings.code.qrAlt')} w="64" h="64" data-testid="my-check-in-qr" /> : <Skeleton w="64" h="64" />}
      <Text fontFamily="mono" fontSize="4xl" fontWeight="bold" letterSpacing="0.2em" data-testid="my-check-in-text">
        {code ? `${code.slice(0, 4)} ${code.slice(4)}` : '…'}
      </Text>
    </Stack>
  );
}
