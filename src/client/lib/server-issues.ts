import { errorInfo, type ErrorInfo } from './errors';

type Path = readonly (string | number)[];

/**
 * Places a failed call's field issues on a form: each issue on the field `fieldOf` names for its
 * path (the first issue a field gets; an issue it names no field for is left to the toast), the
 * errors set and the first placed field focused (its element's id by `idOf`). Returns what the
 * server said, for the toast, and the first field placed.
 */
export function placeServerIssues(
  error: unknown,
  setErrors: (errors: Partial<Record<string, string>>) => void,
  fieldOf: (path: Path) => string | undefined = (path) => String(path[0] ?? ''),
  idOf: (field: string) => string = (field) => field,
): ErrorInfo & { first: string | undefined } {
  const info = errorInfo(error);
  const placed: Partial<Record<string, string>> = {};
  let first: string | undefined;
  for (const issue of info.issues) {
    const field = fieldOf(issue.path);
    if (field === undefined) continue;
    placed[field] ??= issue.message;
    first ??= field;
  }
  if (first !== undefined) {
    setErrors(placed);
    const id = idOf(first);
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  }
  return { ...info, first };
}
