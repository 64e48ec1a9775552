import type { ServerFrame } from '@shared/chat/protocol';

/*
 * The fan-out of chat events. Services publish after their transaction commits; each WebSocket
 * subscribes to its user's topic and to the conversations it may read. Only this interface is
 * used elsewhere, so a shared broker (for several instances) can later go behind it: events
 * are plain JSON.
 *
 * Topics: `c:<conversationId>` (what the conversation's readers see) and `u:<userId>` (one
 * account's own frames: read markers, conversations it joined or left).
 */

export type ChatEvent = {
  frame: ServerFrame;
  /** The conversation the frame belongs to: every delivery re-checks the reader's access to it. */
  conversationId?: number;
  /** Not delivered to this account's sockets (typing: not echoed to the typist). */
  exceptUserId?: string;
};
export type Handler = (event: ChatEvent) => void;

export interface PubSub {
  publish(topic: string, event: ChatEvent): void;
  /** Returns the unsubscribe. */
  subscribe(topic: string, handler: Handler): () => void;
}

export const conversationTopic = (id: number) => `c:${id}`;
export const userTopic = (id: string) => `u:${id}`;

export class MemoryPubSub implements PubSub {
  private readonly topics = new Map<string, Set<Handler>>();

  publish(topic: string, event: ChatEvent): void {
    const handlers = this.topics.get(topic);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        handler(event);
      } catch {
        // One broken socket must not stop the others' delivery.
      }
    }
  }

  subscribe(topic: string, handler: Handler): () => void {
    let handlers = this.topics.get(topic);
    if (!handlers) this.topics.set(topic, (handlers = new Set()));
    handlers.add(handler);
    return () => {
      const set = this.topics.get(topic);
      if (!set) return;
      set.delete(handler);
      if (!set.size) this.topics.delete(topic);
    };
  }

  /** How many handlers listen (tests, the benchmark). */
  get size(): number {
    let n = 0;
    for (const set of this.topics.values()) n += set.size;
    return n;
  }
}

// One bus per database: the app is built from its database, and tests build several apps in one
// process that must not hear each other's conversations (ids repeat between databases).
const buses = new WeakMap<object, PubSub>();

export function chatBus(db: object): PubSub {
  let bus = buses.get(db);
  if (!bus) buses.set(db, (bus = new MemoryPubSub()));
  return bus;
}
