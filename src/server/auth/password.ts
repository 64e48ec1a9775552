import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters (m=19456 KiB, t=2, p=1): about 28 ms a hash on these machines.
const ARGON2ID = 2; // Algorithm.Argon2id; the package exports it as an ambient const enum.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash is a failed check, not a crash
  }
}

// Verified against when the email is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}
