import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A community tab with nothing in it yet (no topic, poll or document): a large icon, its h3 and
 * the sentence that says what the tab is for or how to fill it. Smaller lists use EmptyNote.
 */
export function TabEmpty({ icon, title, children, testId }: { icon: ReactNode; title: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="2" align="center" textAlign="center" py="8" data-testid={testId}>
      {icon}
      <Heading as="h3" size="md">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {children}
      </Text>
    </Stack>
  );
}
