import type { AnyOperation } from '../../operations/define';

/** Meetings, agendas, the hosting rota, attendance and fines (filled in by the meeting-day work). */
export const coreOperations = {} satisfies Record<string, AnyOperation>;
