import { useState } from 'react';
import { errorInfo } from '../../lib/errors';

/** A form's field errors as the server placed them (its issues' first path segment), cleared on the next try. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const place = (e: unknown) => setErrors(Object.fromEntries(errorInfo(e).issues.map((i) => [String(i.path[0] ?? ''), i.message])));
  return { errors, place, clear: () => setErrors({}) };
}
