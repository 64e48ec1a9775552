import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../i18n';

type Listed = { id: number; title: string; startsAt: number };

/** A meetings list as the community's meetings path answers it: one array, or upcoming and past ones. */
function listedOf(body: unknown): Listed[] {
  const rows = Array.isArray(body) ? body : body && typeof body === 'object' ? Object.values(body).filter(Array.isArray).flat() : [];
  return rows.flatMap((r: unknown) => {
    const m = (r && typeof r === 'object' && 'meeting' in r ? (r as { meeting: unknown }).meeting : r) as Partial<Listed> | null;
    return m && typeof m.id === 'number' && typeof m.title === 'string' && typeof m.startsAt === 'number' ? [{ id: m.id, title: m.title, startsAt: m.startsAt }] : [];
  });
}

/** The meetings of a list answer that start after `after`, once each, soonest first. */
export function laterMeetingsOf(body: unknown, after: { id: number; startsAt: number }): Listed[] {
  const seen = new Set<number>();
  return listedOf(body)
    .filter((m) => m.id !== after.id && m.startsAt > after.startsAt && !seen.has(m.id) && seen.add(m.id))
    .sort((a, b) => a.startsAt - b.startsAt);
}

/**
 * The community's meetings after this one, for choosing the meeting whose vote approves the
 * minutes. Read from GET /api/communities/:id/meetings (the meetings list, meetings.list) so this
 * panel stands on the documented path, whatever else the meeting page loads.
 */
export function useLaterMeetings(communityId: number, after: { id: number; startsAt: number }, enabled: boolean) {
  return useQuery({
    queryKey: ['meetings', 'later', communityId, after.id],
    enabled,
    queryFn: async () => {
      const res = await fetch(`/api/communities/${communityId}/meetings`, { credentials: 'same-origin', headers: { 'accept-language': currentLanguage() } });
      if (!res.ok) throw new Error(String(res.status));
      return laterMeetingsOf(await res.json(), after);
    },
  });
}
