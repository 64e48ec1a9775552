import Bowser from 'bowser';

export type Device = { browser: string | null; os: string | null; kind: 'desktop' | 'mobile' | 'tablet' | null };

/**
 * What a session's User-Agent says in words a member recognises ("Chrome", "Android", "mobile"),
 * read by bowser (its tables follow the browsers' changing strings, which we should not chase by
 * hand). Anything it cannot read gives nulls, and the screen says "Unknown device".
 */
export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, kind: null };
  const parsed = Bowser.parse(userAgent);
  const kind = parsed.platform.type;
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    kind: kind === 'desktop' || kind === 'mobile' || kind === 'tablet' ? kind : null,
  };
}
