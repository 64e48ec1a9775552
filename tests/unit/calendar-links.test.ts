import { describe, expect, it } from 'vitest';
import { googleEventLink, googleSubscribeLink, outlookEventLink, outlookSubscribeLink, utcStamp, webcalOf } from '../../src/client/features/events/calendar-links';
import { markdownToPlainText } from '../../src/shared/markdown';

const start = Date.parse('2026-03-07T23:00:00Z');
const event = { title: 'Choir & drums', startsAt: start, endsAt: start + 7_200_000, description: 'Bring **your** [songs](https://example.org/s).\n\n- *Water*\n- Chairs', place: '1200 Main St, Houston', onlineUrl: null };

describe('markdownToPlainText', () => {
  it('writes out marks, keeps lines, lists and link addresses', () => {
    expect(markdownToPlainText(event.description)).toBe('Bring your songs (https://example.org/s).\n\n- Water\n- Chairs');
    expect(markdownToPlainText('1. __First__\n2. Second\n\nSee https://example.org')).toBe('1. First\n2. Second\n\nSee https://example.org');
    // An unsafe link stays as typed text, as the screen shows it.
    expect(markdownToPlainText('[x](javascript:alert(1))')).toBe('[x](javascript:alert(1))');
    expect(markdownToPlainText('')).toBe('');
  });
});

describe('calendar links', () => {
  it('Google: the event filled in, times in UTC, the description as plain text', () => {
    const url = new URL(googleEventLink(event));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Choir & drums',
      dates: '20260307T230000Z/20260308T010000Z',
      details: 'Bring your songs (https://example.org/s).\n\n- Water\n- Chairs',
      location: '1200 Main St, Houston',
    });
  });

  it('Outlook: ISO times; an online event without a place is located at its link; a long description is shortened', () => {
    const url = new URL(outlookEventLink({ ...event, place: null, onlineUrl: 'https://meet.example.org/r', description: 'x'.repeat(5000) }));
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('startdt')).toBe('2026-03-07T23:00:00Z');
    expect(url.searchParams.get('enddt')).toBe('2026-03-08T01:00:00Z');
    expect(url.searchParams.get('location')).toBe('https://meet.example.org/r');
    expect(url.searchParams.get('body')!.length).toBe(1000);
    expect(url.searchParams.get('rru')).toBe('addevent');
  });

  it('the private feed: webcal for calendar apps, Google and Outlook subscription pages', () => {
    const feed = 'https://harambee.example.org/api/calendar/abc_DEF-123.ics';
    expect(webcalOf(feed)).toBe('webcal://harambee.example.org/api/calendar/abc_DEF-123.ics');
    expect(webcalOf('http://localhost:3000/api/calendar/t.ics')).toBe('webcal://localhost:3000/api/calendar/t.ics');
    expect(new URL(googleSubscribeLink(feed)).searchParams.get('cid')).toBe('webcal://harambee.example.org/api/calendar/abc_DEF-123.ics');
    const outlook = new URL(outlookSubscribeLink(feed, 'Harambee'));
    expect([outlook.searchParams.get('url'), outlook.searchParams.get('name')]).toEqual([feed, 'Harambee']);
    expect(utcStamp(Date.parse('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });
});
