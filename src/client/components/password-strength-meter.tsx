import { Box, HStack, Progress, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { passwordStrength, STRENGTH_TEXT, type StrengthLabel } from '@shared/password-strength';

const PALETTE: Record<StrengthLabel, string> = { '': 'gray', weak: 'red', medium: 'orange', strong: 'green', 'very-strong': 'teal' };

/** How strong the password being typed is: nothing while it is empty, then a bar, a label and a hint. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const s = passwordStrength(password);
  if (!s.label) return null;
  const text = STRENGTH_TEXT[s.label];
  return (
    <Box mt="2" data-testid="password-strength" data-label={s.label}>
      <Progress.Root value={s.score} max={100} size="xs" colorPalette={PALETTE[s.label]} aria-label={t('auth.strength.label')}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack justify="space-between" mt="1" aria-live="polite">
        <Text fontSize="xs" fontWeight="medium" color={`${PALETTE[s.label]}.fg`}>
          {t(text.label)}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {t(text.hint)}
        </Text>
      </HStack>
    </Box>
  );
}
