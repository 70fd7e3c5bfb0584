import { accountMessages } from "@schema/auth.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { connectPostgres, type Database } from "../db/connect.ts";
import { Client, createTestContext, type TestContext, type TestResponse } from "../test/harness.ts";

// One load balancer in front (TRUST_PROXY=1): the rightmost X-Forwarded-For entry is the client.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ config: { trustProxy: 1 } });
});
afterAll(() => t.close());

let ipCounter = 0;
/** A caller address of its own, so tests do not share the per-IP count. */
const newIp = () => {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};
const from = (ip: string) => ({ "x-forwarded-for": ip });

const statuses = (answers: TestResponse[]) => answers.map((a) => a.status).sort();
const failedLogins = async (username: string) => {
  const [row] = await t.sql`SELECT count(*)::int AS n FROM user_activity
    WHERE activity_type = 'login_failed' AND metadata->>'username' = ${username}`;
  return row?.n as number;
};

describe("sign-in rate limiting", () => {
  it("locks a username from one IP after LOGIN_MAX_FAILURES with 429, Retry-After and minutes to wait", async () => {
    const user = await t.createUser();
    const anon = t.anonymous();
    const ip = from(newIp());
    for (let i = 0; i < t.config.loginMaxFailures; i++) {
      const res = await anon.post("/api/login", { username: user.username, password: "bad-guess" }, ip);
      expect(res.status).toBe(401);
    }
    const locked = await anon.post("/api/login", { username: user.username, password: user.password }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("rate_limited");
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(t.config.loginWindowMs / 1000);
    expect(locked.body.message).toBe(accountMessages.tooManyAttempts(Math.ceil(retryAfter / 60)));
    expect(locked.body.message).toMatch(/try again in 15 minutes/);

    t.advanceClock(t.config.loginWindowMs + 1000);
    const later = await anon.post("/api/login", { username: user.username, password: user.password }, ip);
    expect(later.status).toBe(200);
  });

  it("lets only LOGIN_MAX_FAILURES of 60 concurrent wrong passwords reach the password check", async () => {
    const user = await t.createUser();
    const ip = from(newIp());
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        t.anonymous().post("/api/login", { username: user.username, password: "bad-guess" }, ip),
      ),
    );
    const checked = answers.filter((a) => a.status !== 429);
    expect(checked.length).toBe(t.config.loginMaxFailures);
    expect(statuses(checked)).toEqual(Array(t.config.loginMaxFailures).fill(401));
    expect(await failedLogins(user.username)).toBe(t.config.loginMaxFailures);
  });

  it("holds the limit across server processes sharing the database", async () => {
    const user = await t.createUser();
    const second = await secondServerProcess(t);
    try {
      const ip = from(newIp());
      const attempt = (client: Client) =>
        client.post("/api/login", { username: user.username, password: "bad-guess" }, ip);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(i % 2 ? t.anonymous() : new Client(second.app))),
      );
      expect(answers.filter((a) => a.status !== 429)).toHaveLength(t.config.loginMaxFailures);
      expect(await failedLogins(user.username)).toBe(t.config.loginMaxFailures);
    } finally {
      await second.close();
    }
  });

  it("a successful sign-in starts the username's count afresh", async () => {
    const user = await t.createUser();
    const anon = t.anonymous();
    const ip = from(newIp());
    const fail = () => anon.post("/api/login", { username: user.username, password: "bad-guess" }, ip);
    for (let i = 0; i < t.config.loginMaxFailures - 1; i++) await fail();
    expect((await anon.post("/api/login", { username: user.username, password: user.password }, ip)).status).toBe(200);
    expect((await fail()).status).toBe(401);
    expect((await fail()).status).toBe(401);
  });

  it("locks an IP that tries many usernames (LOGIN_MAX_FAILURES_PER_IP)", async () => {
    const anon = t.anonymous();
    const ip = from(newIp());
    for (let i = 0; i < t.config.loginMaxFailuresPerIp; i++) {
      const res = await anon.post("/api/login", { username: `spray${i}@clinic.test`, password: "guess1" }, ip);
      expect(res.status).toBe(401);
    }
    const user = await t.createUser();
    const locked = await anon.post("/api/login", { username: user.username, password: user.password }, ip);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBeTruthy();
    const otherIp = await anon.post("/api/login", { username: user.username, password: user.password }, from(newIp()));
    expect(otherIp.status).toBe(200);
  });
});

describe("lock-out per username and IP", () => {
  it("does not lock the owner out from their own IP, and tells them of the failed attempts", async () => {
    const user = await t.createUser();
    const guesser = from(newIp());
    for (let i = 0; i < t.config.loginMaxFailures; i++) {
      await t.anonymous().post("/api/login", { username: user.username, password: "bad-guess" }, guesser);
    }
    const guesserAgain = await t
      .anonymous()
      .post("/api/login", { username: user.username, password: user.password }, guesser);
    expect(guesserAgain.status).toBe(429);

    const owner = from(newIp());
    const signIn = await t.anonymous().post("/api/login", { username: user.username, password: user.password }, owner);
    expect(signIn.status).toBe(200);
    expect(signIn.body.failed_attempts_since_last_login).toBe(t.config.loginMaxFailures);
    const next = await t.anonymous().post("/api/login", { username: user.username, password: user.password }, owner);
    expect(next.body.failed_attempts_since_last_login).toBe(0);
  });

  it("locks a username guessed from many IPs after LOGIN_MAX_FAILURES_PER_USERNAME (default 50)", async () => {
    expect(t.config.loginMaxFailuresPerUsername).toBe(50);
    const user = await t.createUser();
    const perIp = t.config.loginMaxFailures;
    for (let round = 0; round < t.config.loginMaxFailuresPerUsername / perIp; round++) {
      const ip = from(newIp());
      const answers = await Promise.all(
        Array.from({ length: perIp }, () =>
          t.anonymous().post("/api/login", { username: user.username, password: "bad-guess" }, ip),
        ),
      );
      expect(statuses(answers)).toEqual(Array(perIp).fill(401));
    }
    const fresh = await t
      .anonymous()
      .post("/api/login", { username: user.username, password: user.password }, from(newIp()));
    expect(fresh.status).toBe(429);
    expect(fresh.body.message).toMatch(/try again in 15 minutes/);
  });
});

describe("TRUST_PROXY hops", () => {
  it("counts a forged leftmost X-Forwarded-For against the address the proxy saw, and logs that address", async () => {
    const proxySaw = newIp();
    const anon = t.anonymous();
    for (let i = 0; i < t.config.loginMaxFailuresPerIp; i++) {
      const forged = { "x-forwarded-for": `10.66.${i}.1, ${proxySaw}` };
      const res = await anon.post("/api/login", { username: `forger${i}@clinic.test`, password: "guess1" }, forged);
      expect(res.status).toBe(401);
    }
    const forgedAgain = await anon.post(
      "/api/login",
      { username: "forger-last@clinic.test", password: "guess1" },
      { "x-forwarded-for": `10.77.0.1, ${proxySaw}` },
    );
    expect(forgedAgain.status).toBe(429);
    const logged = await t.sql`SELECT DISTINCT ip_address FROM user_activity
      WHERE activity_type = 'login_failed' AND metadata->>'username' LIKE 'forger%'`;
    expect(logged.map((r) => r.ip_address)).toEqual([proxySaw]);
  });

  it("with TRUST_PROXY=2 takes the second address from the right", async () => {
    const app = createApp({ ...t.deps, config: { ...t.config, trustProxy: 2 } });
    const username = "two-hops@clinic.test";
    await new Client(app).post(
      "/api/login",
      { username, password: "guess1" },
      { "x-forwarded-for": "10.1.1.1, 203.0.113.20, 10.0.0.2" },
    );
    const [row] = await t.sql`SELECT ip_address FROM user_activity WHERE metadata->>'username' = ${username}`;
    expect(row?.ip_address).toBe("203.0.113.20");
  });

  it("believes X-Forwarded-Proto only as the proxy set it", async () => {
    const user = await t.createUser();
    const forged = await t
      .anonymous()
      .post("/api/login", { username: user.username, password: user.password }, { "x-forwarded-proto": "https, http" });
    expect(forged.status).toBe(200);
    expect(forged.headers.get("set-cookie")).not.toMatch(/; Secure/);
  });

  it("ignores X-Forwarded-For when TRUST_PROXY is off", async () => {
    const app = createApp({ ...t.deps, config: { ...t.config, trustProxy: 0 } });
    const username = "no-proxy@clinic.test";
    await new Client(app).post("/api/login", { username, password: "guess1" }, { "x-forwarded-for": "203.0.113.30" });
    const [row] = await t.sql`SELECT ip_address FROM user_activity WHERE metadata->>'username' = ${username}`;
    expect(row?.ip_address).toBeNull();
  });
});

describe("registration", () => {
  const registration = (token: string, username: string) => ({
    token,
    username,
    password: "secret-pass",
    first_name: "Dana",
    last_name: "Reyes",
  });

  it("counts failed registrations into the IP's limit", async () => {
    const ip = from(newIp());
    const anon = t.anonymous();
    for (let i = 0; i < t.config.loginMaxFailuresPerIp; i++) {
      const res = await anon.post("/api/register", registration(`made-up-${i}`, `reg${i}@clinic.test`), ip);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(accountMessages.invitationInvalid);
    }
    const locked = await anon.post("/api/register", registration("made-up-last", "reg-last@clinic.test"), ip);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBeTruthy();
    const user = await t.createUser();
    const login = await anon.post("/api/login", { username: user.username, password: user.password }, ip);
    expect(login.status).toBe(429);
  });

  it("refuses a bad invitation before spending a password hash on it", async () => {
    // Each wrong password costs one hash check; a registration with a made-up token must cost far less.
    const user = await t.createUser();
    const timed = async (send: (i: number) => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 4; i++) await send(i);
      return performance.now() - start;
    };
    const wrongPasswords = await timed(() =>
      t.anonymous().post("/api/login", { username: user.username, password: "bad-guess" }, from(newIp())),
    );
    const badTokens = await timed((i) =>
      t.anonymous().post("/api/register", registration(`made-up-${i}`, `fast${i}@clinic.test`), from(newIp())),
    );
    expect(badTokens).toBeLessThan(wrongPasswords / 2);
  });
});

/** Another server process on the same database: its own connection pool on PostgreSQL. */
async function secondServerProcess(
  ctx: TestContext,
): Promise<{ app: ReturnType<typeof createApp>; close: () => Promise<void> }> {
  let db: Database | undefined;
  if (ctx.kind === "postgres") {
    const [{ name }] = await ctx.sql`SELECT current_database() AS name`;
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    url.pathname = `/${name as string}`;
    db = connectPostgres(url.toString());
  }
  const app = createApp({ ...ctx.deps, sql: db?.sql ?? ctx.sql });
  return { app, close: async () => db?.close() };
}
