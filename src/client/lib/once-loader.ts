/**
 * Code fetched once, on demand (a dialog, the signed-in frame): `start` begins the import or joins
 * the one under way, `get` is what arrived (null until then). A failed import is forgotten, so the
 * next `start` tries again instead of keeping the failure for the rest of the visit.
 */
export function onceLoader<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    get: (): T | null => loaded,
    start: (): Promise<T> =>
      (loading ??= load().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
}
