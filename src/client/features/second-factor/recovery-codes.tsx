import { Box, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { useSiteConfig } from '../site-config';

/** The one-time recovery codes, shown once: copy, download, then "I have saved them". */
export function RecoveryCodes({ codes, account, onDone }: { codes: string[]; account: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { appName } = useSiteConfig();
  const text = () => [t('secondFactor.codes.fileHeader', { account, appName }), '', ...codes, ''].join('\n');
  function download() {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t('secondFactor.codes.fileName');
    a.click();
    URL.revokeObjectURL(url);
  }
  return (
    <Stack gap="4">
      <Text fontWeight="semibold">{t('secondFactor.codes.title')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('secondFactor.codes.intro')}
      </Text>
      <Card.Root variant="subtle">
        <Card.Body>
          {/* Two columns even on a phone: each code is 11 characters. */}
          <SimpleGrid as="ul" columns={2} gap="2" data-testid="recovery-codes" listStyleType="none">
            {codes.map((c) => (
              <Box as="li" key={c} fontFamily="mono" fontSize="sm">
                {c}
              </Box>
            ))}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <HStack gap="2" flexWrap="wrap">
        <Button
          size="sm"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(text()).then(() => notify.success(t('secondFactor.codes.copied')))}
        >
          <Copy aria-hidden /> {t('secondFactor.codes.copy')}
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          <Download aria-hidden /> {t('secondFactor.codes.download')}
        </Button>
        <Button size="sm" colorPalette="brand" onClick={onDone}>
          {t('secondFactor.codes.done')}
        </Button>
      </HStack>
    </Stack>
  );
}
