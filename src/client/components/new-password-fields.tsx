import type { ChangeEvent } from 'react';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

type FieldProps = { name: string; value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void };

/**
 * A new password, typed twice: the field `name` with its strength meter, then `confirmPassword`.
 * `form` is the form's useZodForm (lib/use-zod-form.ts).
 */
export function NewPasswordFields<N extends 'password' | 'newPassword'>({
  form,
  name,
  label,
  confirmLabel,
}: {
  form: { values: Partial<Record<N, string>>; errors: Partial<Record<string, string>>; field: (name: N | 'confirmPassword') => FieldProps };
  name: N;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <FormField name={name} label={label} error={form.errors[name]}>
        <PasswordInput {...form.field(name)} autoComplete="new-password" />
        <PasswordStrengthMeter password={form.values[name] ?? ''} />
      </FormField>
      <FormField name="confirmPassword" label={confirmLabel} error={form.errors.confirmPassword}>
        <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" />
      </FormField>
    </>
  );
}
