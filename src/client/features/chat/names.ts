import type { ConversationDto } from '@shared/chat/protocol';

/** How a conversation is called on screen: "#general", the other person's name, or a group's title (else its people). */
export function conversationName(c: Pick<ConversationDto, 'kind' | 'name' | 'people'>): string {
  if (c.kind === 'channel') return `#${c.name ?? ''}`;
  if (c.kind === 'group' && c.name) return c.name;
  return c.people.map((p) => p.name).join(', ') || '—';
}

/** The initials shown in a person's avatar when they have no picture. */
export const initialOf = (name: string | null | undefined) => (name?.trim()[0] ?? '?').toUpperCase();
