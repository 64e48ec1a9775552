import { Button, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

/**
 * A page's own form (sign in, sign up, a new password): its fields one under the other, then its
 * submit button, busy while `busy`. A dialog's form is a DialogForm (dialog-form.tsx).
 */
export function PageForm(props: { onSubmit: (e: FormEvent) => void; submitLabel: string; busy: boolean; busyLabel?: string; children: ReactNode }) {
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack gap="4">
        {props.children}
        <Button type="submit" colorPalette="brand" loading={props.busy} loadingText={props.busyLabel}>
          {props.submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
