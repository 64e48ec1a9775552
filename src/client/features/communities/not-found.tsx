import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function CommunityNotFound() {
  const { t } = useTranslation();
  return (
    <VStack py="24" gap="4" textAlign="center" px="4">
      <Heading as="h1" size="2xl">
        {t('communities.notFound.title')}
      </Heading>
      <Text color="fg.muted">{t('communities.notFound.body')}</Text>
      <Button asChild colorPalette="brand">
        <Link to="/discover">{t('communities.notFound.back')}</Link>
      </Button>
    </VStack>
  );
}
