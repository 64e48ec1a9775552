import { trpc } from '../../trpc';

/** How to pay into each account with instructions, and the viewer's own reference (every member). */
export const instructionsQuery = (communityId: number) => trpc.collecting.instructions.queryOptions({ communityId });
/** Every member's reference (officers). */
export const referencesQuery = (communityId: number) => trpc.collecting.references.queryOptions({ communityId });
/** The account statements brought in, newest first (officers). */
export const statementsQuery = (communityId: number) => trpc.collecting.statements.queryOptions({ communityId });
/** One statement's lines with their proposals. */
export const statementQuery = (id: number) => trpc.collecting.statement.queryOptions({ id });
/** Collecting changes the books (a confirmed match is a confirmed payment): both reload. */
export const COLLECTING_KEYS = [trpc.collecting.pathKey(), trpc.finances.pathKey()];
