import { describe, expect, it } from 'vitest';
import { BAR_ITEMS, MORE_ITEMS, NAV_ITEMS, destinationOf } from '../../src/client/components/shell/nav-items';
import { COMMUNITY_TABS } from '../../src/client/shell/community-tabs';
import { en } from '../../src/shared/i18n/en';
import { fr } from '../../src/shared/i18n/fr';

describe('navigation: the destination a page belongs to', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/communities', '/communities'],
    ['/communities/create', '/communities'],
    ['/communities/8', '/communities'],
    ['/community/8', '/communities'],
    ['/community/8/settings', '/communities'],
    ['/polls/3', '/communities'],
    ['/topics/5', '/communities'],
    ['/events', '/events'],
    ['/events/12', '/events'],
    ['/explore', '/explore'],
    ['/discover-authenticated', '/explore'],
    ['/chat', '/chat'],
    ['/njangi/4', '/njangi'],
    ['/profile', '/profile'],
    ['/edit-profile', '/profile'],
    ['/change-password', '/profile'],
  ])('%s is under %s', (path, destination) => {
    expect(destinationOf(path)).toBe(destination);
  });

  it('a path that only starts like a destination is not under it', () => {
    expect(destinationOf('/chatter')).toBeNull();
    expect(destinationOf('/eventsx')).toBeNull();
    expect(destinationOf('/admin/dashboard')).toBeNull();
    expect(destinationOf('/')).toBeNull();
  });

  it('the bottom bar and its More sheet between them reach every destination of the rail', () => {
    const phone = [...BAR_ITEMS, ...MORE_ITEMS].map((i) => i.to);
    for (const item of NAV_ITEMS) expect(phone).toContain(item.to);
    // Four cells and More: five fit a 375 px screen.
    expect(BAR_ITEMS).toHaveLength(4);
  });
});

describe('navigation labels', () => {
  // Two places of the navigation with the same name (in French, "Discussions" named both the chat
  // and the forum) leave people guessing which is which.
  it.each([
    ['English', en],
    ['French', fr],
  ] as const)('%s: no two different places of the navigation share a label', (_, catalogue) => {
    const text = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogue) as string;
    // A destination and a community tab may share a name only when they are the same thing (Events, and a community's events).
    const places = [...NAV_ITEMS, ...MORE_ITEMS].map((i) => ({ id: i.to.slice(1), text: text(i.label).toLowerCase() })).concat(COMMUNITY_TABS.map((tab) => ({ id: tab.id, text: text(tab.label).toLowerCase() })));
    const clashes = places.filter((a, i) => places.some((b, j) => j !== i && b.text === a.text && b.id !== a.id)).map((p) => `${p.id}: ${p.text}`);
    expect(clashes).toEqual([]);
  });
});
