import { canIn } from '@shared/permissions';
import { circleImportIdInput, circleImportInput, circleImportsInput, importInput, ledgerImportIdInput, ledgerImportsInput, rejectCircleImportInput, rejectLedgerImportInput } from '@shared/schemas/imports';
import { circleCommunity } from '../../services/njangi/circles';
import type { Context } from '../../context';
import { inCommunity, mutation, query, type SignedInContext } from '../../operations/define';
import { confirmLedger, ledgerImportCommunity, listLedgerImports, previewLedger, rejectLedger, submitLedger } from './ledger';
import { importMembers, previewMembers } from './members';
import { assertVerifiedSender } from '../../services/invitations/limits';
import { circleImportCommunity, confirmCircleImport, listCircleImports, previewCircle, rejectCircleImport, submitCircle } from './circle';
import { readSheet } from './sheet';

/*
 * Bringing an association in from its spreadsheets. Each import is read and checked first
 * (preview: every row with its problems, nothing written), then written whole or not at all.
 * Members are written at once by the leaders who bring them in; the books' history waits for
 * another finance officer (four eyes on money) before it reaches the ledger, and a running circle's
 * sheet for a finance officer other than its organiser before the circle starts.
 */

const ofLedgerImport = (input: { id: number }, ctx: Context) => ledgerImportCommunity(ctx.db, input.id);
const ledgerOfficer = inCommunity('finances.import', ofLedgerImport, 'imports.errors.notFound');

// A running circle is brought in by its organiser (the service checks who organises it, as for
// starting it); it is confirmed by one of the community's finance officers, who decide the
// organiser's own money today (njangi-officers.ts), never by the organiser.
const ofCircle = inCommunity('circles.view', (input: { circleId: number }, ctx: Context) => circleCommunity(ctx.db, input.circleId), 'errors.njangi.circleNotFound');
const ofCircleImport = inCommunity('circles.view', (input: { id: number }, ctx: Context) => circleImportCommunity(ctx.db, input.id), 'imports.errors.notFound');
const circleOfficer = inCommunity('finances.record', (input: { id: number }, ctx: Context) => circleImportCommunity(ctx.db, input.id), 'imports.errors.notFound');

const nameOf = (ctx: SignedInContext) => `${ctx.user.firstName} ${ctx.user.lastName}`;
const actor = (ctx: SignedInContext) => ({ id: ctx.user.id, email: ctx.user.email, firstName: ctx.user.firstName, lastName: ctx.user.lastName, language: ctx.user.language });

/** What a preview answers: the rows and how many have problems, so the screen can say it before the table. */
const withCounts = <R extends { problems: unknown[] }>(rows: R[]) => ({ total: rows.length, withProblems: rows.filter((r) => r.problems.length).length, rows });

export const imports = {
  /** Members' rows read and checked; nothing is written (a write only in name, for the file's size). */
  previewMembers: mutation({
    input: importInput,
    access: inCommunity('members.import'),
    run: async (ctx, input, { community }) => {
      const sheet = await readSheet(input.file);
      return withCounts(previewMembers(ctx.db, { communityId: community.id, sheet, language: input.language, now: ctx.now() }));
    },
  }),

  /** Every row or none: accounts with the address join at once, the others are invited by email. */
  members: mutation({
    input: importInput,
    access: inCommunity('members.import'),
    run: async (ctx, input, { community }) => {
      const sheet = await readSheet(input.file);
      const now = ctx.now();
      const rows = previewMembers(ctx.db, { communityId: community.id, sheet, language: input.language, now });
      // Rows to invite mean invitation emails: only under a verified address.
      if (rows.some((r) => r.action === 'invite')) assertVerifiedSender(ctx.user);
      return importMembers(ctx.db, { community: { id: community.id, name: community.name }, actor: actor(ctx), rows, now });
    },
  }),

  /** The books' history read and checked against the books as they are; nothing is written. */
  previewLedger: mutation({
    input: importInput,
    access: inCommunity('finances.import'),
    run: async (ctx, input, { community }) => {
      const sheet = await readSheet(input.file);
      const { currency, rows } = previewLedger(ctx.db, { communityId: community.id, sheet, language: input.language, now: ctx.now() });
      return { currency, ...withCounts(rows) };
    },
  }),

  /** The checked rows wait for another finance officer; nothing reaches the books yet. */
  submitLedger: mutation({
    input: importInput,
    access: inCommunity('finances.import'),
    run: async (ctx, input, { community }) => {
      const sheet = await readSheet(input.file);
      const now = ctx.now();
      const { rows } = previewLedger(ctx.db, { communityId: community.id, sheet, language: input.language, now });
      return submitLedger(ctx.db, { communityId: community.id, actorId: ctx.user.id, actorName: nameOf(ctx), fileName: input.file.name, rows, now });
    },
  }),

  /** The community's imports of the books' history, newest first (the pending ones with their rows). */
  ledgerImports: query({
    input: ledgerImportsInput,
    access: inCommunity('finances.import'),
    run: (ctx, _input, { community }) => listLedgerImports(ctx.db, { communityId: community.id }),
  }),

  /** Another officer than the one who brought the file in appends its entries, all or none. */
  confirmLedger: mutation({
    input: ledgerImportIdInput,
    access: ledgerOfficer,
    run: (ctx, input, { community }) => confirmLedger(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, actorName: nameOf(ctx), now: ctx.now() }),
  }),

  /** Rejected by another officer, or withdrawn by its author. */
  rejectLedger: mutation({
    input: rejectLedgerImportInput,
    access: ledgerOfficer,
    run: (ctx, input, { community }) => rejectLedger(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, actorName: nameOf(ctx), reason: input.reason, now: ctx.now() }),
  }),

  /** A running circle's rows read and checked against the recruiting circle they would fill; nothing is written. */
  previewCircle: mutation({
    input: circleImportInput,
    access: ofCircle,
    run: async (ctx, input) => {
      const sheet = await readSheet(input.file);
      const { rows, summary } = previewCircle(ctx.db, { circleId: input.circleId, organiserId: ctx.user.id, sheet, language: input.language, firstDueDate: input.firstDueDate, now: ctx.now() });
      return { ...summary, ...withCounts(rows) };
    },
  }),

  /** The checked rows wait for a finance officer other than the organiser; the circle does not start yet. */
  submitCircle: mutation({
    input: circleImportInput,
    access: ofCircle,
    run: async (ctx, input) => {
      const sheet = await readSheet(input.file);
      const now = ctx.now();
      const checked = previewCircle(ctx.db, { circleId: input.circleId, organiserId: ctx.user.id, sheet, language: input.language, firstDueDate: input.firstDueDate, now });
      return submitCircle(ctx.db, { circleId: input.circleId, organiserId: ctx.user.id, actorName: nameOf(ctx), fileName: input.file.name, checked, now });
    },
  }),

  /** A circle's imports, newest first: for its organiser and the community's finance officers, empty for anyone else. */
  circleImports: query({
    input: circleImportsInput,
    access: ofCircle,
    run: (ctx, input, { community, role }) => listCircleImports(ctx.db, { circleId: input.circleId, viewerId: ctx.user.id, officer: canIn(role, community, 'finances.record') }),
  }),

  /** A finance officer other than the organiser starts the circle as the sheet says, all in one transaction. */
  confirmCircle: mutation({
    input: circleImportIdInput,
    access: circleOfficer,
    run: (ctx, input, { community }) => confirmCircleImport(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, actorName: nameOf(ctx), now: ctx.now() }),
  }),

  /** Withdrawn by the one who brought it in (officer or not), to correct the sheet; nothing is written. */
  withdrawCircle: mutation({
    input: rejectCircleImportInput,
    access: ofCircleImport,
    run: (ctx, input, { community }) => rejectCircleImport(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, actorName: nameOf(ctx), reason: input.reason, authorOnly: true, now: ctx.now() }),
  }),

  /** Rejected by a finance officer, with a reason the organiser is told; nothing is written. */
  rejectCircle: mutation({
    input: rejectCircleImportInput,
    access: circleOfficer,
    run: (ctx, input, { community }) => rejectCircleImport(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, actorName: nameOf(ctx), reason: input.reason, now: ctx.now() }),
  }),
};
