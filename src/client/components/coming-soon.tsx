import { Badge, EmptyState, VStack } from '@chakra-ui/react';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** An honest placeholder for a feature that does not exist yet (never sample data). */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="bg" size="sm">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Hourglass aria-hidden />
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
          <Badge colorPalette="orange" mt="1">
            {t('common.comingSoon')}
          </Badge>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
