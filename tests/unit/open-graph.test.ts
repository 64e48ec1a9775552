import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities } from '../../db/schema';
import { absoluteUrl, detailsPageId, injectHead, openGraphTags, shorten } from '../../src/server/http/open-graph';
import { makeCommunity, makeUser } from '../factories';
import { makeAppWithClient, makeClientDir } from '../setup/hardening-client';

/*
 * Link previews of a community's public page: the tags themselves (escaped, absolute image), and
 * the served HTML of /community/:id/details for a public, a private and a hidden community.
 */

describe('open graph tags', () => {
  it('finds the community id of a details page only', () => {
    expect(detailsPageId('/community/42/details')).toBe(42);
    expect(detailsPageId('/community/42/details/')).toBe(42);
    expect(detailsPageId('/community/42')).toBeNull();
    expect(detailsPageId('/community/abc/details')).toBeNull();
    expect(detailsPageId('/communities/42')).toBeNull();
  });

  it('escapes every value, so a community name cannot break out of the attribute', () => {
    const tags = openGraphTags({ title: 'Choir "A" <script>alert(1)</script> & co', description: "It's ours", url: 'https://h.example/community/1/details', image: null, siteName: 'Harambee' });
    expect(tags).toContain('<meta property="og:title" content="Choir &quot;A&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co" />');
    expect(tags).toContain('<meta property="og:description" content="It&#39;s ours" />');
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).not.toContain('og:image');
  });

  it('makes a stored banner path absolute, keeps an absolute one, drops anything else', () => {
    expect(absoluteUrl('https://h.example', '/uploads/abc.webp')).toBe('https://h.example/uploads/abc.webp');
    expect(absoluteUrl('https://h.example', 'https://cdn.example/b.png')).toBe('https://cdn.example/b.png');
    expect(absoluteUrl('https://h.example', 'javascript:alert(1)')).toBeNull();
    expect(absoluteUrl('https://h.example', null)).toBeNull();
  });

  it('shortens long descriptions at a word, on one line', () => {
    const long = `${'word '.repeat(60)}end`;
    const short = shorten(long, 50);
    expect(short.length).toBeLessThanOrEqual(50);
    expect(short.endsWith('…')).toBe(true);
    expect(shorten('Two\nlines')).toBe('Two lines');
  });

  it('puts the tags before </head> and replaces the title', () => {
    const html = '<html><head><title>Harambee</title></head><body></body></html>';
    expect(injectHead(html, '<meta property="og:title" content="X" />', 'X · Harambee')).toBe('<html><head><title>X · Harambee</title>    <meta property="og:title" content="X" />\n  </head><body></body></html>');
  });

  it("takes a community's name as text, never as a replacement pattern ($& and $' stay what they are)", () => {
    const html = '<html><head><title>Harambee</title></head><body></body></html>';
    expect(injectHead(html, '', "Cash $& Carry $' club")).toContain("<title>Cash $&amp; Carry $&#39; club</title>");
  });
});

describe('the served HTML of /community/:id/details', () => {
  const client = makeClientDir();
  const w = makeAppWithClient(client.dir, { APP_URL: 'https://harambee.example' });
  const ids = { public: 0, private: 0, hidden: 0 };
  beforeAll(async () => {
    const creator = await makeUser(w.db);
    ids.public = makeCommunity(w.db, { creator, name: 'Douala <Friends> & Co', description: 'Music, food and mutual help for people from Douala.', isPublic: true, imageUrl: '/uploads/0123456789abcdef.webp' }).id;
    ids.private = makeCommunity(w.db, { creator, name: 'Secret Savings Circle', description: 'Only for the twelve of us.', isPublic: false }).id;
    ids.hidden = makeCommunity(w.db, { creator, name: 'Hidden Hall', isPublic: true }).id;
    w.db.update(communities).set({ isHidden: true }).where(eq(communities.id, ids.hidden)).run();
  });
  afterAll(() => client.remove());
  const html = async (path: string) => {
    const res = await w.withClient.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    return res.text();
  };

  it('a public community: its name, description, absolute banner, url and a large card', async () => {
    const page = await html(`/community/${ids.public}/details`);
    expect(page).toContain('<meta property="og:title" content="Douala &lt;Friends&gt; &amp; Co" />');
    expect(page).toContain('<meta property="og:description" content="Music, food and mutual help for people from Douala." />');
    expect(page).toContain('<meta property="og:image" content="https://harambee.example/uploads/0123456789abcdef.webp" />');
    expect(page).toContain(`<meta property="og:url" content="https://harambee.example/community/${ids.public}/details" />`);
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // The client still boots from the same page.
    expect(page).toContain('<script type="module" src="/assets/x.js"></script>');
  });

  it('a private community: the generic site card, nothing of its own', async () => {
    const page = await html(`/community/${ids.private}/details`);
    expect(page).toContain('<meta property="og:title" content="Harambee" />');
    expect(page).not.toContain('Secret Savings Circle');
    expect(page).not.toContain('twelve');
    expect(page).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('a hidden or unknown community, and other pages: nothing added', async () => {
    for (const path of [`/community/${ids.hidden}/details`, '/community/999999/details', `/community/${ids.public}`, '/communities']) {
      const page = await html(path);
      expect(page).not.toContain('og:');
      expect(page).not.toContain('Hidden Hall');
    }
  });
});
