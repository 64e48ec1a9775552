import { Alert, Badge, Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';

export type Problem = { key: string; params?: Record<string, unknown> };
type Row = { line: number; problems: Problem[] };

/** At most this many rows are drawn at once (a file may hold 5,000). */
const SHOWN = 200;

/**
 * A preview: how many rows were read and how many have problems, then each row as a card
 * (stacked on every width, so a phone shows all of it) with what the import will do or what is
 * wrong with it. With problems, only those rows are shown first.
 */
export function PreviewRows<R extends Row>({ rows, withProblems, render }: { rows: R[]; withProblems: number; render: (row: R) => { title: ReactNode; details: ReactNode; action: ReactNode } }) {
  const { t } = useTranslation();
  const [onlyProblems, setOnlyProblems] = useState(withProblems > 0);
  const list = onlyProblems ? rows.filter((r) => r.problems.length) : rows;
  return (
    <Stack gap="3">
      <HStack wrap="wrap" gap="3">
        <Text fontWeight="semibold">{t('imports.preview.summary', { count: rows.length })}</Text>
        {withProblems > 0 ? <Badge colorPalette="red">{t('imports.preview.problems', { count: withProblems })}</Badge> : <Badge colorPalette="green">{t('imports.preview.noProblems')}</Badge>}
        {withProblems > 0 && (
          <Button size="xs" variant="ghost" onClick={() => setOnlyProblems(!onlyProblems)}>
            {onlyProblems ? t('imports.preview.showAll', { count: rows.length }) : t('imports.preview.showProblems')}
          </Button>
        )}
      </HStack>
      {withProblems > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('imports.preview.fixFirst')}</Alert.Description>
        </Alert.Root>
      )}
      <List.Root as="ol" variant="plain" gap="2">
        {list.slice(0, SHOWN).map((r) => {
          const view = render(r);
          const bad = r.problems.length > 0;
          return (
            <List.Item key={r.line} display="block" borderWidth="1px" borderRadius="md" p="3" borderColor={bad ? 'border.error' : 'border'} bg={bad ? 'bg.error' : undefined}>
              <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
                <Box minW="0">
                  <Text fontSize="xs" color="fg.muted">
                    {t('imports.preview.line', { line: r.line })}
                  </Text>
                  <Text fontWeight="medium" wordBreak="break-word">
                    {view.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                    {view.details}
                  </Text>
                </Box>
                {!bad && <Box fontSize="sm">{view.action}</Box>}
              </HStack>
              {bad && (
                <List.Root fontSize="sm" color="fg.error" mt="1" ps="4">
                  {r.problems.map((p, i) => (
                    <List.Item key={i}>{t(p.key as MessageKey, p.params)}</List.Item>
                  ))}
                </List.Root>
              )}
            </List.Item>
          );
        })}
      </List.Root>
      {list.length > SHOWN && (
        <Text fontSize="sm" color="fg.muted">
          {t('imports.preview.showing', { shown: SHOWN, count: list.length })}
        </Text>
      )}
    </Stack>
  );
}
