import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms`: what is typed reaches a query when the typing
 * settles, not on every key. Compared by identity, so pass a string or a number, not an object
 * made anew on each render (its timer would never end).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
