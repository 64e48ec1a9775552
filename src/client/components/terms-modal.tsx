import { Button, CloseButton, Dialog, Heading, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TERMS_SECTIONS } from '../features/auth/terms-content';
import { useSiteConfig } from '../features/site-config';


/** The Terms of Service dialog: 16 numbered sections, a contact section and 'I Understand'. */
export function TermsModal({ trigger = 'Terms of Service' }: { trigger?: string }) {
  const [open, setOpen] = useState(false);
  const { supportEmail } = useSiteConfig();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} scrollBehavior="inside" size={{ base: 'full', md: 'lg' }}>
      <Dialog.Trigger asChild>
        <Link as="button" variant="underline" colorPalette="brand" color="colorPalette.fg" fontSize="inherit">
          {trigger}
        </Link>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Terms of Service</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {TERMS_SECTIONS.map((s, i) => (
                  <section key={s.title}>
                    <Heading as="h3" size="sm">
                      {i + 1}. {s.title}
                    </Heading>
                    <Text fontSize="sm" color="fg.muted">
                      {s.body}
                    </Text>
                  </section>
                ))}
                <section>
                  <Heading as="h3" size="sm">
                    Contact
                  </Heading>
                  <Text fontSize="sm" color="fg.muted">
                    Questions about these terms:{' '}
                    {supportEmail ? <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> : 'write to the support address of this site.'}
                  </Text>
                </section>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="brand">I Understand</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close terms" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
