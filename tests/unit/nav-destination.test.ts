import { describe, expect, it } from 'vitest';
import { BAR_ITEMS, MORE_ITEMS, NAV_ITEMS, destinationOf } from '../../src/client/components/shell/nav-items';

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
