import { Field } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import { Select } from './select';

/**
 * A labelled control with its error. The control's id is the field name, so
 * forms can move focus to the first invalid field; Field links label, error and aria-* for us.
 */
export function FormField(props: { name: string; label: ReactNode; error?: string; helper?: ReactNode; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root id={props.name} invalid={!!props.error} required={props.required}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      {props.children}
      {props.helper && !props.error && <Field.HelperText>{props.helper}</Field.HelperText>}
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A form's select with its label, helper and error: a FormField around a Select (`field` is the form's field('name')). */
export function SelectField({
  label,
  error,
  helper,
  required,
  field,
  ...select
}: { label: ReactNode; error?: string; helper?: ReactNode; required?: boolean; field: { name: string; value: string; onChange: ComponentProps<'select'>['onChange'] } } & Omit<ComponentProps<typeof Select>, 'name' | 'value' | 'onChange'>) {
  return (
    <FormField name={field.name} label={label} error={error} helper={helper} required={required}>
      <Select {...field} {...select} />
    </FormField>
  );
}
