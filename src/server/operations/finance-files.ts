import { exportInput } from '@shared/schemas/finances';
import type { z } from 'zod';
import { can } from '@shared/permissions';
import { toXlsx } from '../exports/xlsx';
import { forbidden } from '../services/errors';
import { requireBooks } from '../services/finances/books';
import { membersSeeLedger, ledgerViewer } from '../services/finances/entry-privacy';
import { ledgerExport } from '../services/finances/export';
import { inCommunity, query, type CommunityScope, type SignedInContext } from './define';

/*
 * The ledger export, written as CSV (finances.exportCsv, both transports) or as an XLSX workbook
 * (REST only: a binary file). Both come from the same rows, in the requester's own language (their
 * profile's, not the browser's) and the community's time zone, for those who may see the ledger:
 * officers, and members where the community shows every entry (other members' payments unnamed
 * unless it chose named_ledger).
 */

export function ledgerExportFor(ctx: SignedInContext, input: z.output<typeof exportInput>, scope: CommunityScope) {
  const books = requireBooks(ctx.db, scope.community.id);
  const officer = can(scope.role, 'finances.record');
  if (!officer && !membersSeeLedger(books.transparency)) throw forbidden('errors.finances.ledgerHidden');
  return ledgerExport(ctx.db, {
    viewer: ledgerViewer({ viewerId: ctx.user.id, officer, transparency: books.transparency }),
    communityId: scope.community.id,
    currency: books.currency,
    timeZone: scope.community.timeZone,
    from: input.from,
    to: input.to,
    now: ctx.now(),
    language: ctx.user.language,
  });
}

export const financeFiles = {
  /** GET /api/communities/:id/finances/export.xlsx: the same rows as the CSV, as a workbook. */
  exportXlsx: query({
    input: exportInput,
    access: inCommunity('finances.view'),
    run: async (ctx, input, scope) => {
      const ledger = ledgerExportFor(ctx, input, scope);
      return { filename: `${ledger.filename}.xlsx`, xlsx: await toXlsx(ledger, { creator: ctx.env.APP_NAME }) };
    },
  }),
};
