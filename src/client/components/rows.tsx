import { Button, HStack, Stack, type ButtonProps, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Rows with a rule between them. */
const RULED = { '& > li + li': { borderTopWidth: '1px' } };

/** A list whose rows have a rule between them (payments, contributions, requests…). */
export function RuledList({ children, ...stack }: StackProps) {
  return (
    <Stack as="ul" gap="0" listStyleType="none" css={RULED} {...stack}>
      {children}
    </Stack>
  );
}

/**
 * One row of a RuledList: what it is (`children`, stacked) and what can be done with it
 * (`actions`), side by side from the tablet width, the actions under it on a phone.
 */
export function ActionRow({ children, actions, testId, ...stack }: { children: ReactNode; actions?: ReactNode; testId?: string } & Omit<StackProps, 'children'>) {
  return (
    <Stack as="li" py="3" gap="2" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} data-testid={testId} {...stack}>
      <Stack gap="1" minW="0">
        {children}
      </Stack>
      {actions && (
        <HStack gap="2" flexShrink={0} flexWrap="wrap">
          {actions}
        </HStack>
      )}
    </Stack>
  );
}

/**
 * A row's small action button (often a dialog's trigger): `children` its short word ("Edit"),
 * `label` its whole name, which says which row it acts on ("Edit Lateness").
 */
export function RowButton({ label, children, ...button }: { label: string; children: ReactNode } & Omit<ButtonProps, 'children'>) {
  return (
    <Button size="xs" variant="outline" aria-label={label} {...button}>
      {children}
    </Button>
  );
}
