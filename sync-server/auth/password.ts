import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (argon2id is the library's default algorithm).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verifying against this when no user matches keeps the answer time the same.
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword("stepwise-dummy-password");
  return dummy;
};
