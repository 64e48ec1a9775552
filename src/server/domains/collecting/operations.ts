import { communityOnlyInput, confirmMatchesInput, ignoreLineInput, importStatementInput, instructionsInput, previewStatementInput, readTextInput, recordLineInput, statementIdInput } from '@shared/schemas/collecting';
import { inCommunity, mutation, query } from '../../operations/define';
import { listInstructions, setInstructions } from './instructions';
import { readPaymentText } from './read-text';
import { communityReferences, referenceOf } from './references';
import { importStatement, lineCommunity, listStatements, previewStatement, statementCommunity } from './statement-import';
import { statementView } from './statement-view';
import { confirmMatches, ignoreLine, recordLine } from './statement-decide';

const STATEMENT_NOT_FOUND = 'errors.collecting.statementNotFound';
const LINE_NOT_FOUND = 'errors.collecting.lineNotFound';

/*
 * Collecting money the way members pay. Every member (finances.view) reads how to pay and their own
 * reference, and has a pasted confirmation text read; the treasurers (finances.record) see everyone's
 * references; those who keep the books' structure (finances.manage) set the instructions.
 */
export const collecting = {
  /** How to pay into the community's accounts, with the caller's reference to put in the transfer's note. */
  instructions: query({
    input: communityOnlyInput,
    access: inCommunity('finances.view'),
    run: (ctx, _input, { community }) => ({
      reference: referenceOf(ctx.db, { communityId: community.id, userId: ctx.user.id }),
      accounts: listInstructions(ctx.db, community.id),
    }),
  }),

  setInstructions: mutation({
    input: instructionsInput,
    access: inCommunity('finances.manage'),
    run: (ctx, input, { community }) => setInstructions(ctx.db, { communityId: community.id, input, actorId: ctx.user.id, now: ctx.now() }),
  }),

  /** Every member's reference: what the treasurer reads a statement line against. */
  references: query({
    input: communityOnlyInput,
    access: inCommunity('finances.record'),
    run: (ctx, _input, { community }) => communityReferences(ctx.db, community.id),
  }),

  /** What a pasted mobile-money text says (nothing is written; the declaration carries the text). */
  readText: query({
    input: readTextInput,
    access: inCommunity('finances.view'),
    run: (ctx, input, { community }) => readPaymentText(ctx.db, { communityId: community.id, text: input.text }),
  }),

  /** A statement file read without writing: headers, the remembered or guessed mapping, and with a mapping, what it reads and the problems by line. */
  previewStatement: query({
    input: previewStatementInput,
    access: inCommunity('finances.record'),
    run: (ctx, input, { community }) => previewStatement(ctx.db, { communityId: community.id, accountId: input.accountId, file: input.file, mapping: input.mapping }),
  }),

  importStatement: mutation({
    input: importStatementInput,
    access: inCommunity('finances.record'),
    run: (ctx, input, { community }) => importStatement(ctx.db, { communityId: community.id, accountId: input.accountId, file: input.file, mapping: input.mapping, actorId: ctx.user.id, now: ctx.now() }),
  }),

  statements: query({
    input: communityOnlyInput,
    access: inCommunity('finances.record'),
    run: (ctx, _input, { community }) => listStatements(ctx.db, community.id),
  }),

  /** A statement's lines, each open incoming line with its proposed payment and why. */
  statement: query({
    input: statementIdInput,
    access: inCommunity('finances.record', (input, ctx) => statementCommunity(ctx.db, input.id), STATEMENT_NOT_FOUND),
    run: (ctx, input, { community }) => statementView(ctx.db, { communityId: community.id, id: input.id, readerId: ctx.user.id }),
  }),

  /** Confirms the chosen proposals (one, or all at once): each payment through its own confirmation. */
  confirmMatches: mutation({
    input: confirmMatchesInput,
    access: inCommunity('finances.record', (input, ctx) => statementCommunity(ctx.db, input.id), STATEMENT_NOT_FOUND),
    run: (ctx, input, { community }) => ({ results: confirmMatches(ctx.db, { communityId: community.id, id: input.id, items: input.items, actorId: ctx.user.id, language: ctx.language, now: ctx.now() }) }),
  }),

  recordLine: mutation({
    input: recordLineInput,
    access: inCommunity('finances.record', (input, ctx) => lineCommunity(ctx.db, input.id), LINE_NOT_FOUND),
    run: (ctx, input, { community }) => recordLine(ctx.db, { communityId: community.id, lineId: input.id, memberId: input.memberId, purpose: input.purpose, actorId: ctx.user.id, now: ctx.now() }),
  }),

  ignoreLine: mutation({
    input: ignoreLineInput,
    access: inCommunity('finances.record', (input, ctx) => lineCommunity(ctx.db, input.id), LINE_NOT_FOUND),
    run: (ctx, input, { community }) => ignoreLine(ctx.db, { communityId: community.id, lineId: input.id, reason: input.reason, actorId: ctx.user.id, now: ctx.now() }),
  }),
};
