import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, pgliteOptions } from "./connect.ts";

/** Open network handles of this process (listening servers and connected sockets, TCP or Unix). */
const networkHandles = () =>
  process.getActiveResourcesInfo().filter((type) => /^(TCP|Pipe)(Server|Socket)?Wrap$|^TCPWRAP$/i.test(type));

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create("memory://");
  await db.exec("CREATE TABLE visits (n int)");
});
afterAll(() => db.close());

const client = (options: postgres.Options<Record<string, never>> = {}) =>
  postgres({ ...pgliteOptions(db), max: 1, onnotice: () => {}, ...options });
const withinSeconds = <T>(promise: Promise<T>, seconds: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${seconds} s`)), seconds * 1000),
    ),
  ]);

describe("the embedded database", () => {
  it("opens no port or socket: no other process can connect to it", async () => {
    const before = networkHandles();
    const embedded = await openPglite();
    try {
      await embedded.sql`SELECT 1`;
      await embedded.sql.begin((tx) => tx`SELECT 2`);
      expect(networkHandles()).toEqual(before);
    } finally {
      await embedded.close();
    }
  });

  it("keeps a connection's transaction whole while another connection waits its turn", async () => {
    const a = client();
    const b = client();
    let insideA!: () => void;
    const aInside = new Promise<void>((resolve) => {
      insideA = resolve;
    });
    let finishA!: () => void;
    const aFinish = new Promise<void>((resolve) => {
      finishA = resolve;
    });
    const transaction = a.begin(async (tx) => {
      await tx`INSERT INTO visits VALUES (1)`;
      insideA();
      await aFinish;
      await tx`INSERT INTO visits VALUES (2)`;
    });
    await aInside;
    let seen: number | undefined;
    const read = b`SELECT count(*)::int AS n FROM visits`.then(([row]) => {
      seen = row.n;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toBeUndefined(); // not in the middle of A's transaction
    finishA();
    await transaction;
    await withinSeconds(read, 5);
    expect(seen).toBe(2);
    await Promise.all([a.end(), b.end()]);
    await db.exec("DELETE FROM visits");
  });

  it("a connection that closes mid-transaction is rolled back, and the next one never hangs", async () => {
    const a = client();
    const b = client();
    let insideA!: () => void;
    const aInside = new Promise<void>((resolve) => {
      insideA = resolve;
    });
    const abandoned = a
      .begin(async (tx) => {
        await tx`INSERT INTO visits VALUES (1)`;
        insideA();
        await new Promise(() => {}); // the caller never finishes
      })
      .catch((error: Error) => error);
    await aInside;
    const read = b`SELECT count(*)::int AS n FROM visits`;
    await a.end({ timeout: 0 });
    expect(await abandoned).toBeInstanceOf(Error);
    const [row] = await withinSeconds(read, 5);
    expect(row.n).toBe(0);
    await b.end();
  });

  it("reconnects after its connection closed, with a clean session", async () => {
    const sql = client({ idle_timeout: 0.05 });
    await sql`SET application_name = 'first'`;
    await sql`PREPARE leftover AS SELECT 1`;
    await new Promise((r) => setTimeout(r, 300)); // idle: postgres.js closes the connection
    const [row] = await withinSeconds(sql`SELECT current_setting('application_name') AS name`, 5);
    expect(row.name).not.toBe("first");
    expect(await withinSeconds(sql`SELECT name FROM pg_prepared_statements WHERE name = 'leftover'`, 5)).toHaveLength(
      0,
    );
    await sql.end();
  });
});
