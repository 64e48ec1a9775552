/*
 * What the product does, and whether each part is built: the one list the landing page's feature
 * cards, the app's "Coming soon" markers and the README's "What works" are held to
 * (tests/unit/features.test.ts reads the README). Change a state here and the landing page, the
 * navigation and the test follow; the README must then say the same.
 */

export type FeatureState = 'available' | 'soon';

export const FEATURES = [
  { id: 'community', state: 'available', readme: ['Communities'] },
  { id: 'announcements', state: 'available', readme: ['Announcements'] },
  { id: 'finance', state: 'available', readme: ['Finances'] },
  { id: 'njangi', state: 'available', readme: ['Savings circles (njangi, tontine, susu)'] },
  { id: 'events', state: 'available', readme: ['Events'] },
  { id: 'discussions', state: 'available', readme: ['Discussions', 'Polls and elections'] },
  { id: 'documents', state: 'available', readme: ['Documents', 'Invitations and sharing'] },
  { id: 'chat', state: 'available', readme: ['Chat'] },
  { id: 'welfare', state: 'available', readme: ['Standing and the welfare fund'] },
  { id: 'calls', state: 'available', readme: ['Voice and video calls'] },
] as const satisfies readonly { id: string; state: FeatureState; readme: readonly string[] }[];

export type FeatureId = (typeof FEATURES)[number]['id'];

export const featureState = (id: FeatureId): FeatureState => FEATURES.find((f) => f.id === id)!.state;
export const isAvailable = (id: FeatureId) => featureState(id) === 'available';
