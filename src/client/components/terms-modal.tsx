import { Button, Dialog, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMS_SECTIONS } from '../features/auth/terms-content';
import { useSiteConfig } from '../features/site-config';
import { DialogFrame } from './dialog-frame';

/**
 * The Terms of Service dialog: 16 numbered sections, a contact section and 'I Understand'. Its
 * trigger reads `children` (a sentence's own words, through <Trans>) or 'Terms of Service'.
 */
export function TermsModal({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { supportEmail } = useSiteConfig();
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      scrollBehavior="inside"
      size={{ base: 'full', md: 'lg' }}
      title={t('terms.title')}
      closeLabel={t('terms.closeLabel')}
      trigger={
        <Link as="button" variant="underline" colorPalette="brand" color="colorPalette.fg" fontSize="inherit">
          {children ?? t('terms.title')}
        </Link>
      }
    >
      <Dialog.Body>
        <Stack gap="4">
          {TERMS_SECTIONS.map((id, i) => (
            <section key={id}>
              <Heading as="h3" size="sm">
                {i + 1}. {t(`terms.sections.${id}.title`)}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {t(`terms.sections.${id}.body`)}
              </Text>
            </section>
          ))}
          <section>
            <Heading as="h3" size="sm">
              {t('terms.contact')}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('terms.questions')}{' '}
              {supportEmail ? <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> : t('terms.noEmail')}
            </Text>
          </section>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button colorPalette="brand">{t('terms.understand')}</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}
