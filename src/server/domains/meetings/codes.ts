import { createHmac } from 'node:crypto';
import { derivedSecretsKey } from '../../auth/secrets-key';

/*
 * A member's check-in code: 8 Crockford base32 characters (40 bits) of an HMAC of the community
 * and the account under a key derived from the server's secrets key. It is the same for the member
 * at every meeting of the community (so a phone that cached the roster can match it offline), says
 * nothing of who it is without the key, and differs from one community to the next.
 */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 8;

/*
 * Codes never change under one secrets key, and a check-in reads every member's to find one: they
 * are kept, per key, so a batch of check-ins from a phone that was offline computes each once.
 */
const MAX_KEPT = 200_000;
let kept: { key: string; codes: Map<string, string> } = { key: '', codes: new Map() };

export function checkInCode(communityId: number, userId: string): string {
  const secret = derivedSecretsKey('meeting-check-in');
  const keyId = secret.toString('base64');
  if (kept.key !== keyId || kept.codes.size > MAX_KEPT) kept = { key: keyId, codes: new Map() };
  const name = `${communityId}:${userId}`;
  const known = kept.codes.get(name);
  if (known) return known;
  const code = computeCode(secret, name);
  kept.codes.set(name, code);
  return code;
}

function computeCode(secret: Buffer, name: string): string {
  const mac = createHmac('sha256', secret).update(name).digest();
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(mac[i]!);
  let code = '';
  for (let i = CODE_LENGTH - 1; i >= 0; i--) code += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** A typed code as Crockford reads it: I and L are 1, O is 0 (the input schema already upper-cased it). */
export const normaliseCode = (typed: string) => typed.replace(/[IL]/g, '1').replace(/O/g, '0');
