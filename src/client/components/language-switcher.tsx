import { Box, chakra, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Languages } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@shared/i18n/languages';
import { useCurrentUser } from '../features/auth/current-user';
import { changeLanguage, currentLanguage } from '../i18n';
import { errorInfo } from '../lib/errors';
import { trpc } from '../trpc';
import { notify } from './toaster';

const HEIGHT = { xs: '7', sm: '8', md: '10' } as const;

/**
 * The interface language: a native select (light on the landing page, right on every phone and
 * screen reader) listing each language by its own name. What shows is compact: an icon with the
 * language's name, only its code ('FR') on a phone; the select itself lies invisibly over it, so the
 * click, the keyboard and the accessible name are the select's.
 *
 * The choice takes effect at once and is remembered in a cookie; a signed-in member's choice is
 * also saved on the account, so it follows them to their other devices.
 */
export function LanguageSwitcher({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  // The language being loaded, shown at once while its texts arrive.
  const [pending, setPending] = useState<Language | null>(null);
  const save = useMutation(
    trpc.profile.updatePanel.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
      onError: (e) => notify.error(t('common.languageNotSaved'), errorInfo(e).message),
    }),
  );

  async function choose(language: Language) {
    if (language === currentLanguage()) return;
    setPending(language);
    try {
      await changeLanguage(language);
    } finally {
      setPending(null);
    }
    if (user && user.language !== language) save.mutate({ language });
  }

  const value = pending ?? (isLanguage(i18n.language) ? i18n.language : currentLanguage());
  return (
    <Box
      position="relative"
      display="inline-flex"
      alignItems="center"
      gap="1"
      flexShrink={0}
      h={HEIGHT[size]}
      px="2"
      rounded="l2"
      borderWidth="1px"
      borderColor="border"
      bg="bg"
      color="fg"
      fontSize={size === 'md' ? 'md' : 'sm'}
      fontWeight="medium"
      _hover={{ bg: 'bg.muted' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      colorPalette="brand"
      data-testid="language-switcher-box"
    >
      <Box as="span" display={{ base: 'none', sm: 'inline' }}>
        <Languages size={16} aria-hidden />
      </Box>
      <Text as="span" aria-hidden display={{ base: 'none', sm: 'inline' }} lang={value}>
        {LANGUAGE_NAMES[value]}
      </Text>
      <Text as="span" aria-hidden display={{ base: 'inline', sm: 'none' }} textTransform="uppercase">
        {value}
      </Text>
      <Box as="span" display={{ base: 'none', sm: 'inline' }}>
        <ChevronDown size={14} aria-hidden />
      </Box>
      <chakra.select
        position="absolute"
        inset="0"
        w="full"
        h="full"
        opacity="0"
        cursor="pointer"
        fontSize="md"
        aria-label={t('common.language')}
        title={t('common.chooseLanguage')}
        value={value}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void choose(e.target.value);
        }}
        data-testid="language-switcher"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </chakra.select>
    </Box>
  );
}
