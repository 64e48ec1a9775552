import { HStack } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import { Select } from './select';

/**
 * A card's actions led by its filter: a small select named by `label` (the rest of the props are
 * Select's), then `children`, the card's buttons, wrapping on a phone.
 */
export function FilterActions({ label, children, ...select }: { label: string; children?: ReactNode } & Omit<ComponentProps<typeof Select>, 'root' | 'children'>) {
  return (
    <HStack gap="2" flexWrap="wrap">
      <Select aria-label={label} root={{ size: 'sm', width: 'auto' }} {...select} />
      {children}
    </HStack>
  );
}
