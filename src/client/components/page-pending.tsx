import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * What a page shows while its route's guard and loader are still waiting on the server (after
 * the router's pending delay; a quick answer shows the page without it).
 */
export function PagePending() {
  const { t } = useTranslation();
  return (
    <Center py="24">
      <VStack role="status">
        <Spinner color="brand.solid" />
        <Text color="fg.muted">{t('common.loading')}</Text>
      </VStack>
    </Center>
  );
}
