import type { CommunityRow } from '../../db/schema';
import { addMember, makeCommunity, makeUser } from '../factories';
import type { TestApp } from './app';

/**
 * The association most money tests use, its members there 400 days: Ngozi (creator), Awa (admin),
 * Tabe (treasurer), Musa (French), Ada and Kofi. `user` makes another account of the same age.
 */
export async function association(t: TestApp) {
  const long = t.clock.now() - 400 * 86_400_000;
  const user = (firstName: string, language: 'en' | 'fr' = 'en') => makeUser(t.db, { firstName, lastName: 'Test', language, createdAt: long });
  const creator = await user('Ngozi');
  const admin = await user('Awa');
  const treasurer = await user('Tabe');
  const musa = await user('Musa', 'fr');
  const ada = await user('Ada');
  const kofi = await user('Kofi');
  const community: CommunityRow = makeCommunity(t.db, { creator, name: 'Houston Cameroonian Association', now: long });
  t.db.$client.prepare('UPDATE memberships SET joined_at = ? WHERE community_id = ?').run(long, community.id);
  addMember(t.db, { communityId: community.id, user: admin, role: 'admin', now: long });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer', now: long });
  for (const m of [musa, ada, kofi]) addMember(t.db, { communityId: community.id, user: m, now: long });
  return { long, user, community, creator, admin, treasurer, musa, ada, kofi };
}
