import { Avatar, Box, Button, HStack, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ImageIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../lib/upload';
import { notify } from './toaster';

/**
 * A file picker's buttons: the one that opens the picker (`children` its words), showing the
 * upload's progress, and Remove where `onRemove` is given (there is a file to remove).
 */
export function PickButtons({ busy, onPick, onRemove, children }: { busy: boolean; onPick: () => void; onRemove?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="sm" variant="outline" onClick={onPick} loading={busy} loadingText={t('common.image.uploading')}>
        {children}
      </Button>
      {onRemove && (
        <Button size="sm" variant="ghost" colorPalette="red" onClick={onRemove} disabled={busy}>
          {t('common.remove')}
        </Button>
      )}
    </HStack>
  );
}

/**
 * Choose an image: it is uploaded at once (checked and re-encoded by the server) and the
 * field keeps the returned URL. Remove clears it.
 */
function ImageUpload(props: {
  id: string;
  kind: 'avatar' | 'banner';
  value: string | null;
  onChange: (url: string | null) => void;
  preview: ReactNode;
  hint: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      props.onChange(await uploadImage(file, props.kind));
    } catch (e) {
      notify.error(t('common.image.uploadFailed'), e instanceof Error ? e.message : t('common.image.tryAnother'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <Stack gap="3">
      {props.preview}
      <VisuallyHidden asChild>
        <input
          ref={input}
          id={props.id}
          type="file"
          aria-label={props.kind === 'avatar' ? t('common.image.choosePhoto') : t('common.image.chooseBanner')}
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => void onFile(e.target.files?.[0])}
          data-testid={props.testId}
        />
      </VisuallyHidden>
      <PickButtons busy={busy} onPick={() => input.current?.click()} onRemove={props.value ? () => props.onChange(null) : undefined}>
        {props.value ? t('common.image.change') : t('common.image.upload')}
      </PickButtons>
      <Text fontSize="xs" color="fg.muted">
        {props.hint}
      </Text>
    </Stack>
  );
}

export function AvatarPicker(props: { id: string; value: string | null; fallback: string; onChange: (url: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <ImageUpload
      {...props}
      kind="avatar"
      testId="avatar-file"
      hint={t('common.image.avatarHint')}
      preview={
        <Avatar.Root size="2xl" colorPalette="brand">
          <Avatar.Fallback>{props.fallback}</Avatar.Fallback>
          {props.value && <Avatar.Image src={props.value} alt={t('common.image.photoPreview')} />}
        </Avatar.Root>
      }
    />
  );
}

export function BannerPicker(props: { id: string; value: string | null; onChange: (url: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <ImageUpload
      {...props}
      kind="banner"
      testId="banner-file"
      hint={t('common.image.bannerHint')}
      preview={
        <Box aspectRatio={2} bg="bg.muted" rounded="md" overflow="hidden" display="flex" alignItems="center" justifyContent="center">
          {props.value ? (
            <Image src={props.value} alt={t('common.image.bannerPreview')} w="full" h="full" objectFit="cover" />
          ) : (
            <ImageIcon size={40} aria-hidden color="var(--chakra-colors-fg-subtle)" />
          )}
        </Box>
      }
    />
  );
}
