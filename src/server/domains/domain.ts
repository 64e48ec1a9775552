import type { Hono } from 'hono';
import type { DB, DbLike } from '../../../db/database';
import type { UserRow } from '../../../db/schema';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { NoticeKind } from '@shared/notices';
import type { AppDeps } from '../context';
import type { AnyOperation, MaybePromise } from '../operations/define';
import type { NeedSource } from '../services/needs/types';

/*
 * What one domain (finances, events, chat…) adds to the server, in one place: the app, the tRPC
 * root, the scheduler, the account's "your data" export and its deletion are all built from the
 * list of these definitions (domains/index.ts), so a new domain is its folder and one line there,
 * plus its rows in the permission table (src/shared/permissions.ts, read whole on purpose).
 */

/** Scheduled work: runs on every tick of the scheduler, keeps its progress in the database, returns what it did. */
export type Job = (deps: AppDeps) => MaybePromise<Record<string, number>>;

/** How a table that names a person is handled when that person takes their data away or deletes their account. */
export type PersonalData = {
  /** The key of the account export that carries these rows, or why they are not exported. */
  export: { key: string } | { not: string };
  /** What deletion does with them: removed, or kept and why (the user row itself is erased). */
  erase: 'deleted' | { kept: string };
};

export type EraseContext = { user: UserRow; removePosts: boolean; now: number };

export type DomainDefinition<Ops extends Record<string, Record<string, AnyOperation>> = Record<string, Record<string, AnyOperation>>> = {
  name: string;
  /** Its operations by tRPC namespace: { finances: { summary, … } } is finances.summary on both transports. */
  operations: Ops;
  /** Its REST paths, mounted under /api in the order of the domain list (routes match in the order added). */
  rest?: (deps: AppDeps) => Hono;
  /**
   * Routes that read their own request bodies (multipart uploads, the WebSocket upgrade): mounted
   * at the root before the 1 MB JSON limit, which never runs for them.
   */
  rawRoutes?: (deps: AppDeps) => Hono;
  /** Scheduled jobs by name; each one is run, and fails, on its own. */
  jobs?: Record<string, Job>;
  /** Its part of the account's "your data" export: keys of the export document. */
  exportData?: (db: DB, user: UserRow, now: number) => Record<string, unknown>;
  /** Its part of an account's deletion, inside the deletion's transaction; counts of what it removed. */
  erase?: (tx: DbLike, p: EraseContext) => Record<string, number> | void;
  /** What the person must hand over or end before their account can go, by kind: its names, and the refusal that lists them. */
  deletionBlockers?: Record<string, { names: (db: DB, userId: string) => string[]; message: MessageKey }>;
  /** Every table of the domain that names a person, and how export and deletion treat it (a test holds this to the schema). */
  personalData?: Record<string, PersonalData>;
  /**
   * The kind of each of its notices ('account': about the account itself, in the app only, never
   * optional). The one notice pipeline (services/notify.ts) reads a reader's choice from it, so no
   * sender knows anyone's choices; a notice without a kind is refused.
   */
  noticeKinds?: Record<string, NoticeKindOf>;
  /** The kinds of work it makes wait on people ("Needs you"), each with who may act on it (services/needs/types.ts). */
  needs?: readonly NeedSource[];
};

/**
 * Which of the member's notice choices (src/shared/notices.ts) one of the domain's notices follows,
 * by its texts' key without `.title` ('notifications.paymentConfirmed'). `mail: 'own'`: the domain
 * sends that kind's email itself (the chat's unread digest), so the pipeline never emails it at once.
 */
export type NoticeKindOf = NoticeKind | { kind: NoticeKind; mail: 'own' } | 'account';

/** A domain's definition, its operation types kept for the typed tRPC root. */
export const defineDomain = <Ops extends Record<string, Record<string, AnyOperation>>>(d: DomainDefinition<Ops>) => d;
