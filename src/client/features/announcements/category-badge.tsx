import { Badge, Box } from '@chakra-ui/react';

/** A category's name in its own colour (a dot carries the colour so the text keeps its contrast). */
export function CategoryBadge({ name, color }: { name: string; color: string }) {
  return (
    <Badge variant="outline" gap="1.5" data-testid="category-badge">
      <Box as="span" boxSize="2" rounded="full" bg={color} display="inline-block" aria-hidden />
      {name}
    </Badge>
  );
}
