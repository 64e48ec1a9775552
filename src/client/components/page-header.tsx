import { Box, Heading, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A page's header: its h1 `title` and the `intro` under it, with `children` (the page's actions)
 * beside them from the tablet width up and under them on a phone. `direction` and `gap` may say
 * otherwise (where the actions need more room).
 */
export function PageHeader({ title, intro, children, ...row }: { title: ReactNode; intro: ReactNode; children?: ReactNode } & Omit<StackProps, 'title' | 'children'>) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3" {...row}>
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
