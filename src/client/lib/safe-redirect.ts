/** Only paths on this site: '/x' yes, '//evil.example' or 'https://…' no. */
export function safeRedirect(target: unknown, fallback = '/dashboard'): string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : fallback;
}
