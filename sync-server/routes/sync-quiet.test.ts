import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Sql } from "../db/connect.ts";
import { decodeCursor } from "../sync/cursor.ts";
import { Client, createTestContext, type TestContext } from "../test/harness.ts";
import { addHomework, addMessage, addPatient, ids, pullAll } from "../test/sync-rows.ts";

// The cheap "nothing new" delta pull (sync/changed.ts): it must answer as the full pass would.
let t: TestContext;
let realSql: Sql;
beforeAll(async () => {
  t = await createTestContext();
  realSql = t.deps.sql;
});
afterEach(() => {
  t.deps.sql = realSql;
});
afterAll(() => t.close());

/**
 * How many transactions a pull opened. Exact on the embedded database only: on a shared PostgreSQL
 * server another database's open transaction holds the cursor back, so older rows count as new.
 */
function expectTransactions(seen: { transactions: number }, count: number) {
  if (t.kind === "pglite") expect(seen.transactions).toBe(count);
}

/**
 * The app's database handle, watched: how many transactions the requests open, and an optional
 * step run just before each one (another writer committing between the check and the pass).
 */
function watchTransactions(before?: () => Promise<void>) {
  const seen = { transactions: 0 };
  t.deps.sql = new Proxy(realSql, {
    get(target, property) {
      if (property !== "begin") return Reflect.get(target, property);
      return async (...args: unknown[]) => {
        seen.transactions++;
        await before?.();
        return (target.begin as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  return seen;
}

describe("a delta pull with nothing new", () => {
  it("answers from one check without opening a transaction, and the next change still arrives", async () => {
    const clinician = await t.as("clinician");
    const p = await addPatient(t.sql, clinician.user!.id);
    const { cursor } = await pullAll(clinician);
    const seen = watchTransactions();
    const quiet = await clinician.get(`/api/sync/pull?cursor=${cursor}`);
    expect(quiet.status).toBe(200);
    expectTransactions(seen, 0);
    expect(quiet.body.hasMore).toBe(false);
    expect(Object.values(quiet.body.changes).flat()).toEqual([]);
    expect(Object.values(quiet.body.removed).flat()).toEqual([]);
    // Same cursor form as a full pass: the snapshot's xmin, never behind the one it was given.
    const next = decodeCursor(quiet.body.cursor);
    expect(next).toEqual({ x: expect.any(String), r: "clinician" });
    expect(BigInt(next.x)).toBeGreaterThanOrEqual(BigInt(decodeCursor(cursor).x));

    const homework = await addHomework(t.sql, p.username, clinician.user!.id);
    const delta = await pullAll(clinician, quiet.body.cursor);
    expect(ids(delta.changes.homework).has(homework.id)).toBe(true);
  });

  it("a change to another clinician's patient is nothing new for this one, and cheap", async () => {
    const mine = await t.as("clinician");
    const other = await t.as("clinician");
    const theirs = await addPatient(t.sql, other.user!.id);
    const { cursor } = await pullAll(mine);
    await addMessage(t.sql, theirs.username);
    await addHomework(t.sql, theirs.username, other.user!.id);
    const seen = watchTransactions();
    const delta = await pullAll(mine, cursor);
    expectTransactions(seen, 0);
    expect(Object.values(delta.changes).flat()).toEqual([]);
    expect(Object.values(delta.removed).flat()).toEqual([]);
  });

  it("a change in the user's scope comes, read in one transaction", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatient(t.sql, clinician.user!.id);
    const mineBefore = (await pullAll(clinician)).cursor;
    const allBefore = (await pullAll(admin)).cursor;
    const message = await addMessage(t.sql, p.username);
    for (const [client, cursor] of [
      [clinician, mineBefore],
      [admin, allBefore],
    ] as const) {
      const seen = watchTransactions();
      const delta = await pullAll(client, cursor);
      expectTransactions(seen, 1);
      expect(ids(delta.changes.conversation_messages).has(message)).toBe(true);
    }
  });

  it("a tombstone and a patient moved away still arrive", async () => {
    const owner = await t.as("clinician");
    const other = await t.as("clinician");
    const leaving = await addPatient(t.sql, owner.user!.id);
    const staying = await addPatient(t.sql, owner.user!.id);
    const homework = await addHomework(t.sql, staying.username, owner.user!.id);
    const { cursor } = await pullAll(owner);
    await t.sql`DELETE FROM homework WHERE id = ${homework.id}`;
    await t.sql`UPDATE patients SET clinician_id = ${other.user!.id} WHERE id = ${leaving.id}`;
    const delta = await pullAll(owner, cursor);
    expect(delta.removed.homework).toContain(homework.id);
    expect(delta.removed.patients).toContain(leaving.id);
  });

  it("a row committed between the check and the read of a stream the check skipped is not lost", async () => {
    const clinician = await t.as("clinician");
    const p = await addPatient(t.sql, clinician.user!.id);
    const { cursor } = await pullAll(clinician);
    // Only prompts changed at the check; homework is committed after it, before the pass reads.
    await t.sql`INSERT INTO prompts (id, title, owner, prompt) VALUES ('prompt-quiet', 'Quiet', 'me', 'Be brief.')`;
    let late: string | undefined;
    const seen = watchTransactions(async () => {
      late ??= (await addHomework(realSql, p.username, clinician.user!.id)).id;
    });
    const first = await pullAll(clinician, cursor);
    expect(seen.transactions).toBe(1);
    expect(ids(first.changes.prompts).has("prompt-quiet")).toBe(true);
    t.deps.sql = realSql;
    const second = await pullAll(clinician, first.cursor);
    expect(late).toBeDefined();
    expect(ids([...(first.changes.homework ?? []), ...(second.changes.homework ?? [])]).has(late!)).toBe(true);
  });
});

// The check rides along with the session lookup (routes/sync.ts); the session is still checked first.
describe("a delta pull's session", () => {
  it("is refused once signed out, with nothing of the clinician's changes", async () => {
    const clinician = await t.as("clinician");
    const p = await addPatient(t.sql, clinician.user!.id);
    const { cursor } = await pullAll(clinician);
    await addHomework(t.sql, p.username, clinician.user!.id);
    const stolen = new Client(t.app, clinician.cookie, clinician.user);
    expect((await clinician.post("/api/logout")).status).toBe(200);
    const res = await stolen.get(`/api/sync/pull?cursor=${cursor}`);
    expect(res.status).toBe(401);
    expect(res.body.changes).toBeUndefined();
  });

  it("is refused on the next pull after a password change elsewhere ends it", async () => {
    const user = await t.createUser();
    const laptop = await t.signIn(user);
    const phone = await t.signIn(user);
    const { cursor } = await pullAll(phone);
    const changed = await laptop.post("/api/user/change-password", {
      current_password: user.password,
      new_password: "a-new-password-42",
    });
    expect(changed.status).toBe(200);
    expect((await phone.get(`/api/sync/pull?cursor=${cursor}`)).status).toBe(401);
    expect((await laptop.get(`/api/sync/pull?cursor=${cursor}`)).status).toBe(200);
  });

  it("ends when idle too long, and waits for a forced password change", async () => {
    const clinician = await t.as("clinician");
    const { cursor } = await pullAll(clinician);
    await t.sql`UPDATE user_clinician SET must_change_password = true WHERE id = ${clinician.user!.id}`;
    const forced = await clinician.get(`/api/sync/pull?cursor=${cursor}`);
    expect(forced.status).toBe(403);
    expect(forced.body.code).toBe("must_change_password");
    t.advanceClock(t.config.sessionIdleMs);
    expect((await clinician.get(`/api/sync/pull?cursor=${cursor}`)).status).toBe(401);
  });

  it("comes before a bad cursor: 401 signed out, 400 signed in", async () => {
    expect((await t.anonymous().get("/api/sync/pull?cursor=not-a-cursor!")).status).toBe(401);
    const clinician = await t.as("clinician");
    expect((await clinician.get("/api/sync/pull?cursor=not-a-cursor!")).status).toBe(400);
  });
});

// PGlite is a single connection, so two transactions cannot be open at once there.
describe.runIf(process.env.TEST_DB === "postgres")("the cheap check on real PostgreSQL", () => {
  it("never skips a row whose transaction was still open at a 'nothing new' answer", async () => {
    const clinician = await t.as("clinician");
    const p = await addPatient(t.sql, clinician.user!.id);
    const { cursor: start } = await pullAll(clinician);
    const slow = await t.sql.reserve();
    try {
      await slow`BEGIN`;
      const late = await addHomework(slow, p.username, clinician.user!.id);
      const quiet = await pullAll(clinician, start);
      expect(ids(quiet.changes.homework).has(late.id)).toBe(false);
      // Asked again, the same snapshot may be answered from memory (sync/quiet.ts), as long as it lasts.
      const again = await pullAll(clinician, quiet.cursor);
      expect(ids(again.changes.homework).has(late.id)).toBe(false);
      await slow`COMMIT`;
      const after = await pullAll(clinician, again.cursor);
      expect(ids(after.changes.homework).has(late.id)).toBe(true);
    } finally {
      slow.release();
    }
  });
});

// A session pulling again with nothing new in between (sync/quiet.ts): no stream is asked while the
// database is unchanged, and whatever is written, by a route or by anyone else, comes with the next pull.
/** How many times a pull asked the streams what changed (the check of sync/changed.ts), from here on. */
function watchChecks() {
  const seen = { checks: 0 };
  t.deps.sql = new Proxy(realSql, {
    apply(target, self, args) {
      if (Array.isArray(args[0]) && args[0].join("").includes("AS changed_patients")) seen.checks++;
      return Reflect.apply(target, self, args);
    },
  });
  return seen;
}

/**
 * Exact on the embedded database only: on a shared PostgreSQL server every other database's
 * transactions change the snapshot too, so a pull may check again (never less) and move its cursor on.
 */
function expectChecks(seen: { checks: number }, count: number) {
  if (t.kind === "pglite") expect(seen.checks).toBe(count);
}

/** A device that synced, then pulled once with nothing new: the next pull may answer from memory. */
async function quietDevice(client: Client) {
  const { cursor } = await pullAll(client);
  const quiet = await client.get(`/api/sync/pull?cursor=${cursor}`);
  expect(quiet.status).toBe(200);
  return quiet.body.cursor as string;
}

const nothingIn = (body: { changes: object; removed: object }) => [
  ...Object.values(body.changes).flat(),
  ...Object.values(body.removed).flat(),
];

describe("a session pulling again with nothing new", () => {
  it("is answered without asking any stream while nothing was written, with the same cursor", async () => {
    const clinician = await t.as("clinician");
    await addPatient(t.sql, clinician.user!.id);
    const seen = watchChecks();
    const cursor = await quietDevice(clinician);
    expectChecks(seen, 1);
    for (let i = 0; i < 3; i++) {
      const again = await clinician.get(`/api/sync/pull?cursor=${cursor}`);
      expect(again.status).toBe(200);
      expect(nothingIn(again.body)).toEqual([]);
      expect(again.body.hasMore).toBe(false);
      if (t.kind === "pglite") expect(again.body.cursor).toBe(cursor);
    }
    expectChecks(seen, 1);
  });

  it("gets a change a route made, on the very next pull", async () => {
    const clinician = await t.as("clinician");
    const p = await addPatient(t.sql, clinician.user!.id);
    const homework = await addHomework(t.sql, p.username, clinician.user!.id);
    watchChecks();
    const cursor = await quietDevice(clinician);
    // Another device of the same clinician edits the homework through the API.
    const tablet = await t.signIn(clinician.user!);
    expect((await tablet.put(`/api/homework/${homework.id}`, { roundNumber: 4 })).status).toBe(200);
    const next = await pullAll(clinician, cursor);
    expect(next.changes.homework?.find((h) => h.id === homework.id)).toMatchObject({ roundNumber: 4 });
  });

  it("gets a row written outside this server (a script, another server) on the very next pull", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatient(t.sql, clinician.user!.id);
    watchChecks();
    const mine = await quietDevice(clinician);
    const all = await quietDevice(admin);
    const message = await addMessage(t.sql, p.username);
    expect(ids((await pullAll(clinician, mine)).changes.conversation_messages).has(message)).toBe(true);
    expect(ids((await pullAll(admin, all)).changes.conversation_messages).has(message)).toBe(true);
  });

  it("a change to another clinician's patient still answers nothing new", async () => {
    const mine = await t.as("clinician");
    const other = await t.as("clinician");
    const theirs = await addPatient(t.sql, other.user!.id);
    watchChecks();
    const cursor = await quietDevice(mine);
    await addHomework(t.sql, theirs.username, other.user!.id);
    expect(nothingIn((await mine.get(`/api/sync/pull?cursor=${cursor}`)).body)).toEqual([]);
  });
});

describe("a remembered quiet session", () => {
  it("is refused on the very next pull once signed out", async () => {
    const clinician = await t.as("clinician");
    watchChecks();
    const cursor = await quietDevice(clinician);
    const stolen = clinician.cookie;
    expect((await clinician.post("/api/logout")).status).toBe(200);
    clinician.cookie = stolen;
    expect((await clinician.get(`/api/sync/pull?cursor=${cursor}`)).status).toBe(401);
  });

  it("is refused on the very next pull once an admin deletes the account", async () => {
    const admin = await t.as("admin");
    const clinician = await t.as("clinician");
    watchChecks();
    const cursor = await quietDevice(clinician);
    expect((await admin.patch(`/api/admin/users/${clinician.user!.id}`, { role: "delete" })).status).toBe(200);
    expect((await clinician.get(`/api/sync/pull?cursor=${cursor}`)).status).toBe(401);
  });

  it("is refused on the very next pull after a password change elsewhere, or a reset by a script", async () => {
    const user = await t.createUser();
    const laptop = await t.signIn(user);
    const phone = await t.signIn(user);
    watchChecks();
    const cursor = await quietDevice(phone);
    const changed = await laptop.post("/api/user/change-password", {
      current_password: user.password,
      new_password: "a-new-password-42",
    });
    expect(changed.status).toBe(200);
    expect((await phone.get(`/api/sync/pull?cursor=${cursor}`)).status).toBe(401);

    const laptopCursor = await quietDevice(laptop);
    await t.sql`DELETE FROM sessions WHERE user_id = ${user.id}`;
    expect((await laptop.get(`/api/sync/pull?cursor=${laptopCursor}`)).status).toBe(401);
  });

  it("starts over on the very next pull after a role change", async () => {
    const admin = await t.as("admin");
    const clinician = await t.as("clinician");
    watchChecks();
    const cursor = await quietDevice(clinician);
    expect((await admin.patch(`/api/admin/users/${clinician.user!.id}`, { role: "admin" })).status).toBe(200);
    const res = await clinician.get(`/api/sync/pull?cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Your role changed since the last sync. Pull again without a cursor.");
  });

  it("waits for a forced password change set by a script", async () => {
    const clinician = await t.as("clinician");
    watchChecks();
    const cursor = await quietDevice(clinician);
    await t.sql`UPDATE user_clinician SET must_change_password = true WHERE id = ${clinician.user!.id}`;
    expect((await clinician.get(`/api/sync/pull?cursor=${cursor}`)).status).toBe(403);
  });
});
