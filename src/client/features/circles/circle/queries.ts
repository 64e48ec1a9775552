import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '../../../trpc';

/*
 * The circle page's queries, named once for its components and its route's loader (kept apart
 * from the components: the loader is part of the first bundle, the components load with the page).
 */

/** A circle as the viewer may see it: the server leaves out what is not theirs to see. */
export const circleQuery = (id: number) => trpc.njangi.get.queryOptions({ id });

/** Per round and per member; the organiser gets every member's line, others their own. */
export const circleReportQuery = (id: number) => trpc.njangi.report.queryOptions({ id });

/** After any change every figure of the circle (and the lists of circles) may be stale. */
export const refreshCircle = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: trpc.njangi.pathKey() });

/** A confirmed contribution's receipt, as a PDF download. */
export const contributionReceiptUrl = (id: number) => `/api/circles/contributions/${id}/receipt.pdf`;
/** A confirmed payout's receipt, as a PDF download. */
export const payoutReceiptUrl = (id: number) => `/api/circles/payouts/${id}/receipt.pdf`;
/** A confirmed top-up's receipt, as a PDF download. */
export const topUpReceiptUrl = (id: number) => `/api/circles/top-ups/${id}/receipt.pdf`;
/** The report as a printable PDF, in the reader's language. */
export const reportPdfUrl = (circleId: number) => `/api/circles/${circleId}/report.pdf`;
/** The report as CSV (a plain download). */
export const reportCsvUrl = (circleId: number) => `/api/circles/${circleId}/report.csv`;
export const reportXlsxUrl = (circleId: number) => `/api/circles/${circleId}/report.xlsx`;
