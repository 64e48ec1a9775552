import { Avatar, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { uploadImage } from '../lib/upload';
import { notify } from './toaster';

/**
 * Choose a photo: it is uploaded at once (checked and re-encoded by the server) and the
 * field keeps the returned URL. Remove clears it.
 */
export function AvatarPicker(props: { id: string; value: string | null; fallback: string; onChange: (url: string | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      props.onChange(await uploadImage(file, 'avatar'));
    } catch (e) {
      notify.error('Upload failed', e instanceof Error ? e.message : 'Please try another image.');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <HStack gap="4" flexWrap="wrap">
      <Avatar.Root size="2xl" colorPalette="brand">
        <Avatar.Fallback>{props.fallback}</Avatar.Fallback>
        {props.value && <Avatar.Image src={props.value} alt="Profile photo preview" />}
      </Avatar.Root>
      <Stack gap="2">
        <VisuallyHidden asChild>
          <input
            ref={input}
            id={props.id}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(e) => void onFile(e.target.files?.[0])}
            data-testid="avatar-file"
          />
        </VisuallyHidden>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => input.current?.click()} loading={busy} loadingText="Uploading...">
            {props.value ? 'Change photo' : 'Upload photo'}
          </Button>
          {props.value && (
            <Button size="sm" variant="ghost" colorPalette="red" onClick={() => props.onChange(null)} disabled={busy}>
              Remove
            </Button>
          )}
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          PNG, JPEG, WebP or GIF, up to 5 MB.
        </Text>
      </Stack>
    </HStack>
  );
}
