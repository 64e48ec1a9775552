import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A list page's head: its h1 and the line under it, with the page's actions (`children`) beside
 * them from the small width on and under them on a phone.
 */
export function PageTitle({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        <Text color="fg.muted">{intro}</Text>
      </Box>
      {children}
    </Stack>
  );
}
