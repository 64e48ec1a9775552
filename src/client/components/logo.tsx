import { HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../features/site-config';


export function Logo({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  const { appName } = useSiteConfig();
  return (
    <Link to={to} aria-label={t('common.header.home', { appName })}>
      <HStack gap="2">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fontWeight="bold" fontSize="lg" color="brand.fg">
          {appName}
        </Text>
      </HStack>
    </Link>
  );
}
