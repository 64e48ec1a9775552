import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <VStack py="24" px="4" gap="4" textAlign="center">
      <Heading as="h1" size="2xl">
        {t('common.notFound.title')}
      </Heading>
      <Text color="fg.muted">{t('common.notFound.body')}</Text>
      <Button asChild colorPalette="brand">
        <Link to="/">{t('common.notFound.home')}</Link>
      </Button>
    </VStack>
  );
}
