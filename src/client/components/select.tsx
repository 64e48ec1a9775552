import { NativeSelect, type NativeSelectFieldProps, type NativeSelectRootProps } from '@chakra-ui/react';

/** An option; `lang` where its label is in another language than the page (a language's own name). */
export type SelectOption = { value: string | number; label: string; lang?: string };

/**
 * The browser's own select, as every form and filter shows it: `options` in order (an empty
 * `placeholder` option first, when given; `after`, options after them). Named by the form field
 * around it (components/form-field.tsx's SelectField) or by an `aria-label`; `root` sizes it.
 */
export function Select({
  options,
  placeholder,
  after,
  root,
  children,
  ...field
}: { options: readonly SelectOption[]; placeholder?: string; after?: readonly SelectOption[]; root?: NativeSelectRootProps } & NativeSelectFieldProps) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field {...field}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {[...options, ...(after ?? [])].map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
