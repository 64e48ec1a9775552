import { Button, Code, Dialog, Portal, Stack, Text } from '@chakra-ui/react';

/** Shows a temporary password once, where it can be read and copied (a toast vanishes too soon). */
export function TempPasswordDialog({ value, onClose }: { value: { userEmail: string; tempPassword: string } | null; onClose: () => void }) {
  return (
    <Dialog.Root open={!!value} onOpenChange={(e) => !e.open && onClose()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Password Reset Successful</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  Give this temporary password to <strong>{value?.userEmail}</strong>. It is shown only now; at their next sign-in they
                  must choose a new one. All their sessions have ended.
                </Text>
                <Code fontSize="lg" p="3" data-testid="temp-password" userSelect="all">
                  {value?.tempPassword}
                </Code>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={() => void navigator.clipboard?.writeText(value?.tempPassword ?? '')} variant="outline">
                Copy
              </Button>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="brand">Done</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
