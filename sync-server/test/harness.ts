import { createApp } from "../app.ts";
import { hashPassword } from "../auth/password.ts";
import { createSession } from "../auth/sessions.ts";
import { type Config, readConfig } from "../config.ts";
import { migrate } from "../db/migrate.ts";
import type { AppDeps } from "../env.ts";
import type { Mailer } from "../mail.ts";
import { openMigratedTestDatabase } from "./database.ts";

export interface TestUser {
  id: string;
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  role: "admin" | "clinician";
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

type Body = unknown;
type Headers_ = Record<string, string>;

/** A caller of the in-process app: anonymous, or signed in through a real session cookie. */
export class Client {
  constructor(
    private readonly app: ReturnType<typeof createApp>,
    public cookie?: string,
    readonly user?: TestUser,
  ) {}

  async request<T = any>(method: string, path: string, body?: Body, headers: Headers_ = {}): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Headers_;
    if (this.cookie) h.cookie = this.cookie;
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      h["content-type"] ??= "application/json";
    }
    const res = await this.app.request(`http://localhost${path}`, init);
    const setCookie = res.headers.get("set-cookie");
    if (setCookie?.startsWith("stepwise_session=")) {
      const value = setCookie.split(";")[0];
      this.cookie = value === "stepwise_session=" ? undefined : value;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string, headers?: Headers_) => this.request<T>("GET", path, undefined, headers);
  post = <T = any>(path: string, body?: Body, headers?: Headers_) => this.request<T>("POST", path, body, headers);
  put = <T = any>(path: string, body?: Body, headers?: Headers_) => this.request<T>("PUT", path, body, headers);
  patch = <T = any>(path: string, body?: Body, headers?: Headers_) => this.request<T>("PATCH", path, body, headers);
  delete = <T = any>(path: string, headers?: Headers_) => this.request<T>("DELETE", path, undefined, headers);
}

export interface TestContextOptions {
  mailer?: Mailer;
  config?: Partial<Config>;
}

/**
 * One isolated database and app per test file. `advanceClock` moves the
 * server's clock (session expiry, invitation expiry, rate-limit windows).
 */
export async function createTestContext(options: TestContextOptions = {}) {
  const db = await openMigratedTestDatabase();
  // Applies nothing on the migrated copy; kept so a context is migrated however its database began.
  await migrate(db.sql);
  let offsetMs = 0;
  const config: Config = { ...readConfig({ SEED: "none" }), ...options.config };
  const deps: AppDeps = {
    sql: db.sql,
    config,
    mailer: options.mailer,
    now: () => new Date(Date.now() + offsetMs),
  };
  const app = createApp(deps);
  let counter = 0;

  async function createUser(fields: Partial<TestUser> & { must_change_password?: boolean } = {}): Promise<TestUser> {
    counter += 1;
    const user = {
      username: fields.username ?? `user${counter}-${Math.random().toString(36).slice(2, 7)}@clinic.test`,
      password: fields.password ?? "password123",
      first_name: fields.first_name ?? "Test",
      last_name: fields.last_name ?? `User${counter}`,
      role: fields.role ?? "clinician",
    };
    const [row] = await db.sql`INSERT INTO user_clinician
        (username, password, first_name, last_name, role, must_change_password)
      VALUES (${user.username}, ${await hashOnce(user.password)}, ${user.first_name}, ${user.last_name},
              ${user.role}, ${fields.must_change_password ?? false})
      RETURNING id`;
    return { id: row.id as string, ...user };
  }

  /** A client signed in as the user, through a session made the way sign-in makes one. */
  async function signIn(user: TestUser): Promise<Client> {
    const { token } = await createSession(db.sql, user.id, {
      idleMs: config.sessionIdleMs,
      maxMs: config.sessionMaxMs,
      now: deps.now,
    });
    return new Client(app, `stepwise_session=${token}`, user);
  }

  /** A new user of the role, already signed in. */
  async function as(role: "admin" | "clinician", fields: Partial<TestUser> = {}) {
    return signIn(await createUser({ ...fields, role }));
  }

  return {
    app,
    sql: db.sql,
    kind: db.kind,
    deps,
    config,
    anonymous: () => new Client(app),
    createUser,
    signIn,
    as,
    advanceClock: (ms: number) => {
      offsetMs += ms;
    },
    close: () => db.close(),
  };
}

/**
 * One argon2 hash per password per test file: hashing at the production cost takes a large share of
 * a core, and users made here only need a hash their password verifies against (sign-in still
 * verifies it in full). Each user made through the API is hashed by the server as always.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string) {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
