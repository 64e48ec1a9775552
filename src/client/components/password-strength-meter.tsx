import { Box, HStack, Progress, Text } from '@chakra-ui/react';
import { passwordStrength, type StrengthLabel } from '../../shared/password-strength';

const PALETTE: Record<StrengthLabel, string> = { '': 'gray', weak: 'red', medium: 'orange', strong: 'green', 'very-strong': 'teal' };
const LABEL_TEXT: Record<StrengthLabel, string> = { '': '', weak: 'Weak', medium: 'Medium', strong: 'Strong', 'very-strong': 'Very strong' };

/** How strong the password being typed is: nothing while it is empty, then a bar, a label and a hint. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const s = passwordStrength(password);
  if (!s.label) return null;
  return (
    <Box mt="2" data-testid="password-strength" data-label={s.label}>
      <Progress.Root value={s.score} max={100} size="xs" colorPalette={PALETTE[s.label]} aria-label="Password strength">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack justify="space-between" mt="1" aria-live="polite">
        <Text fontSize="xs" fontWeight="medium" color={`${PALETTE[s.label]}.fg`}>
          {LABEL_TEXT[s.label]}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {s.hint}
        </Text>
      </HStack>
    </Box>
  );
}
