import { Avatar, Box, Button, HStack, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ImageIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { uploadImage } from '../lib/upload';
import { notify } from './toaster';

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
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      props.onChange(await uploadImage(file, props.kind));
    } catch (e) {
      notify.error('Upload failed', e instanceof Error ? e.message : 'Please try another image.');
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
          aria-label={props.kind === 'avatar' ? 'Choose a profile photo' : 'Choose a banner image'}
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => void onFile(e.target.files?.[0])}
          data-testid={props.testId}
        />
      </VisuallyHidden>
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} loading={busy} loadingText="Uploading...">
          {props.value ? 'Change image' : 'Upload image'}
        </Button>
        {props.value && (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => props.onChange(null)} disabled={busy}>
            Remove
          </Button>
        )}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {props.hint}
      </Text>
    </Stack>
  );
}

export function AvatarPicker(props: { id: string; value: string | null; fallback: string; onChange: (url: string | null) => void }) {
  return (
    <ImageUpload
      {...props}
      kind="avatar"
      testId="avatar-file"
      hint="PNG, JPEG, WebP or GIF, up to 5 MB."
      preview={
        <Avatar.Root size="2xl" colorPalette="brand">
          <Avatar.Fallback>{props.fallback}</Avatar.Fallback>
          {props.value && <Avatar.Image src={props.value} alt="Profile photo preview" />}
        </Avatar.Root>
      }
    />
  );
}

export function BannerPicker(props: { id: string; value: string | null; onChange: (url: string | null) => void }) {
  return (
    <ImageUpload
      {...props}
      kind="banner"
      testId="banner-file"
      hint="Recommended size: 1200 x 600 pixels. PNG, JPEG, WebP or GIF, up to 5 MB."
      preview={
        <Box aspectRatio={2} bg="bg.muted" rounded="md" overflow="hidden" display="flex" alignItems="center" justifyContent="center">
          {props.value ? (
            <Image src={props.value} alt="Banner preview" w="full" h="full" objectFit="cover" />
          ) : (
            <ImageIcon size={40} aria-hidden color="var(--chakra-colors-fg-subtle)" />
          )}
        </Box>
      }
    />
  );
}
