import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { MessageKey } from '@shared/i18n/catalogue';
import { notify } from '../components/toaster';
import { errorInfo } from './errors';

type Errors = Partial<Record<string, string>>;

/**
 * Form state checked by the same zod schema the procedure uses. Field errors show under
 * each field; the schema's first failing field (the form's top-down order) is returned for the toast and gets focus.
 */
export function useZodForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  const { t } = useTranslation();
  // The schemas' messages are catalogue keys; a message that is not one (zod's own) shows as it is.
  const say = (message: string) => t(message as MessageKey, { defaultValue: message });
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<Errors>({});

  const setValue = useCallback(<K extends keyof z.input<S>>(name: K, value: z.input<S>[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name as string] ? { ...e, [name as string]: undefined } : e));
  }, []);

  const focus = (field?: string) => {
    if (field) requestAnimationFrame(() => document.getElementById(field)?.focus());
  };

  /** The parsed values, or null with errors set and the first invalid field focused. */
  const validate = (): { data: z.output<S>; error: null; errorKey: null } | { data: null; error: string; errorKey: string } => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return { data: result.data, error: null, errorKey: null };
    }
    const next: Errors = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      next[key] ??= say(issue.message);
    }
    setErrors(next);
    const first = result.error.issues[0]!;
    focus(String(first.path[0] ?? ''));
    // The message shown, and its key (some forms title their toast by it).
    return { data: null, error: say(first.message), errorKey: first.message };
  };

  /** Places a server error's issues on the fields; returns the message to toast. */
  const applyServerError = (error: unknown) => {
    const info = errorInfo(error);
    if (info.issues.length) {
      const next: Errors = {};
      for (const issue of info.issues) next[String(issue.path[0] ?? '')] ??= issue.message;
      setErrors(next);
      focus(String(info.issues[0]!.path[0] ?? ''));
    }
    return info;
  };

  const field = <K extends keyof z.input<S> & string>(name: K) => ({
    name,
    value: (values[name] ?? '') as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(name, e.target.value as z.input<S>[K]),
  });

  /**
   * The form's submit handler: the values checked first (the first problem toasted under
   * `invalid`, its field focused; a function titles the toast by the problem's message key), then
   * `run` with the parsed values.
   */
  const submit = (invalid: string | ((errorKey: string) => string), run: (data: z.output<S>) => unknown) => (e: FormEvent) => {
    e.preventDefault();
    const checked = validate();
    if (checked.error !== null) return notify.error(typeof invalid === 'string' ? invalid : invalid(checked.errorKey), checked.error);
    void run(checked.data);
  };

  return { values, setValues, setValue, errors, setErrors, validate, applyServerError, field, submit };
}
