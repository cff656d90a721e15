import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with at least OWASP's minimum: m = 19 MiB, t = 2, p = 1.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('niet-bestaand-account');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
