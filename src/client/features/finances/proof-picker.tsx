import { Box, Button, HStack, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Camera } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { uploadImage } from '../../lib/upload';

/**
 * A photo of a receipt or of the confirmation SMS: uploaded at once through POST /api/uploads
 * (as a 'banner', whose size keeps the text readable); the form keeps the returned URL.
 */
export function ProofPicker(props: { id: string; label: string; value: string | null; onChange: (url: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      props.onChange(await uploadImage(file, 'banner'));
    } catch (e) {
      notify.error(t('common.image.uploadFailed'), e instanceof Error ? e.message : t('common.image.tryAnother'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <Stack gap="2">
      {props.value && (
        <Box maxW="xs" rounded="md" overflow="hidden" borderWidth="1px">
          <Image src={props.value} alt={t('finances.proof.preview')} w="full" />
        </Box>
      )}
      <VisuallyHidden asChild>
        <input
          ref={input}
          id={props.id}
          type="file"
          aria-label={props.label}
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => void onFile(e.target.files?.[0])}
          data-testid={props.testId}
        />
      </VisuallyHidden>
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} loading={busy} loadingText={t('common.image.uploading')}>
          <Camera aria-hidden /> {props.value ? t('finances.proof.change') : t('finances.proof.add')}
        </Button>
        {props.value && (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => props.onChange(null)} disabled={busy}>
            {t('common.remove')}
          </Button>
        )}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {t('finances.proof.hint')}
      </Text>
    </Stack>
  );
}
