import { Badge, Box, chakra, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Download, Folder, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { formatSize } from './format';
import { documentFileUrl } from './queries';
import { KIND_ICON, KIND_LABEL, type DocumentListItem } from './kinds';
import { realName } from '../../lib/person-name';

/**
 * A document in the list: its type icon, title (opens the details; the whole row is its target),
 * size, uploader and date, a "Leaders only" badge, and a download button of its own.
 */
export function DocumentRow({ document: d, onOpen }: { document: DocumentListItem; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const Icon = KIND_ICON[d.kind];
  return (
    <Box as="li" borderWidth="1px" rounded="md" p={{ base: '3', sm: '4' }} position="relative" _hover={{ bg: 'bg.subtle' }} data-testid="document-row" data-document-id={d.id}>
      <HStack gap="3" align="flex-start">
        <Box color="brand.solid" pt="0.5" flexShrink={0} title={t(KIND_LABEL[d.kind])}>
          <Icon size={28} aria-hidden />
        </Box>
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <chakra.button
              type="button"
              onClick={() => onOpen(d.id)}
              fontWeight="semibold"
              textAlign="start"
              overflowWrap="anywhere"
              cursor="pointer"
              _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
              // The whole row is the button's target (its ::after covers the row); the title is its name.
              _after={{ content: '""', position: 'absolute', inset: '0', rounded: 'md' }}
              data-testid="document-open"
            >
              {d.title}
            </chakra.button>
            {d.visibility === 'leaders' && (
              <Badge colorPalette="orange" size="sm" data-testid="document-leaders-only">
                <Lock size={12} aria-hidden /> {t('documents.leadersOnly')}
              </Badge>
            )}
          </HStack>
          <HStack gap="1" columnGap="3" flexWrap="wrap" color="fg.muted" fontSize="sm">
            <Text>{t(KIND_LABEL[d.kind])}</Text>
            <Text data-testid="document-size">{formatSize(d.bytes)}</Text>
            <Text>{t('documents.tab.by', { name: realName(d.uploadedBy?.name) ?? t('documents.formerMemberInline') })}</Text>
            <Text>
              <time dateTime={new Date(d.updatedAt).toISOString()}>{formatDate(d.updatedAt, { style: 'short' })}</time>
            </Text>
            {d.folderName && (
              <HStack as="span" gap="1">
                <Folder size={12} aria-hidden />
                <Text as="span">{d.folderName}</Text>
              </HStack>
            )}
          </HStack>
        </Stack>
        <IconButton asChild size="sm" variant="ghost" position="relative" zIndex="1" aria-label={t('documents.tab.download', { title: d.title })} flexShrink={0}>
          <a href={documentFileUrl(d.id, { version: d.version })} download={d.originalName} data-testid="document-row-download">
            <Download />
          </a>
        </IconButton>
      </HStack>
    </Box>
  );
}
