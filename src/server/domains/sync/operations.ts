import { syncApplyInput } from '@shared/schemas/sync';
import { mutation, signedIn } from '../../operations/define';
import { applySync } from './apply';

/**
 * A phone's records made offline, sent once it is online again. Any signed-in account may send a
 * batch: each record is then held to the guard of the operation it names, as if sent on its own.
 */
export const sync = {
  apply: mutation({ input: syncApplyInput, access: signedIn, run: (ctx, input) => applySync(ctx, input.records) }),
};
