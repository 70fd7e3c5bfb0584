import * as v from "valibot";

/**
 * Everything the server reads from the environment, with its default.
 * README.md lists the same variables for operators.
 */
export interface Config {
  /** PORT, default 3000. */
  port: number;
  /** HOST, default 127.0.0.1. */
  host: string;
  /** DATABASE_URL: a real PostgreSQL server; unset means embedded PGlite in DATA_DIR. */
  databaseUrl?: string;
  /** DATA_DIR, default ./data: where the embedded database lives. */
  dataDir: string;
  /** PUBLIC_ORIGIN: the site's origin for links in e-mails; default: the request's own origin. */
  publicOrigin?: string;
  /**
   * TRUST_PROXY: how many proxies (load balancers) stand in front of the server, 0 (off, the default)
   * when none. Each appends the address it saw to X-Forwarded-For, so the client's address is the
   * N-th entry from the right; anything left of it was written by the client and is not believed.
   */
  trustProxy: number;
  /** SMTP_URL (e.g. smtps://user:pass@mail.example.org): e-mail for invitations and one-time passwords; unset means invitations hand back a manual link. */
  smtpUrl?: string;
  /** MAIL_FROM, default "Stepwise <no-reply@stepwise.local>". */
  mailFrom: string;
  /** SESSION_IDLE_HOURS, default 8: a session unused this long ends. */
  sessionIdleMs: number;
  /** SESSION_MAX_DAYS, default 30: no session lives longer. */
  sessionMaxMs: number;
  /**
   * Failed sign-ins allowed per LOGIN_WINDOW_MINUTES (default 15): LOGIN_MAX_FAILURES (default 5) per
   * username from one IP, LOGIN_MAX_FAILURES_PER_USERNAME (default 50) per username from anywhere,
   * LOGIN_MAX_FAILURES_PER_IP (default 20) per IP over all usernames and failed registrations.
   */
  loginMaxFailures: number;
  loginMaxFailuresPerUsername: number;
  loginMaxFailuresPerIp: number;
  loginWindowMs: number;
  /** BODY_LIMIT_BYTES, default 1 MiB (the agent's message intake allows 10×). */
  bodyLimitBytes: number;
  /**
   * ADMIN_MESSAGE_WINDOW_DAYS, default 90: an admin's device is sent the text of messages this many
   * days old at most; older messages come without it and are read from the server when opened.
   */
  adminMessageWindowDays: number;
  /** SAMPLE_PATIENT_1 / SAMPLE_PATIENT_2: the Data Management menu's sample patients. */
  samplePatients: [string, string];
  /** ADMIN_EMAIL / ADMIN_PASSWORD: the first admin, created when no admin exists. */
  adminEmail?: string;
  adminPassword?: string;
  /** SEED: "demo" seeds an empty embedded database (default), "none" never seeds. */
  seed: "demo" | "none";
  /** Public page settings: INTRO_VIDEO_URL, INTRO_VIDEO_CAPTIONS_URL, VOICE_BOT_URL, SUPPORT_EMAIL. */
  introVideoUrl: string;
  /** A WebVTT captions file for the intro video; "" when it has none. */
  introVideoCaptionsUrl: string;
  voiceBotUrl: string;
  supportEmail: string;
}

type Env = Record<string, string | undefined>;

/** The intro video shipped in public/media (made by scripts/make-intro-video.sh) and its captions. */
const INTRO_VIDEO = "/media/stepwise-intro.mp4";
const INTRO_CAPTIONS = "/media/stepwise-intro.vtt";

/**
 * A start with a mistyped variable stops here, naming every bad variable at once, rather than
 * running with a default the operator did not choose (a `PORT=8O8O` used to become 3000).
 */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Stepwise cannot start: fix these environment variables (README.md, Configuration):\n${problems
        .map((p) => `- ${p.variable} ${p.message}`)
        .join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/** A whole number from min to max, e.g. a port or a count. */
function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const rule = `must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : " up"}`;
  return v.pipe(
    v.string(),
    v.regex(/^[0-9]+$/, rule),
    v.transform(Number),
    v.minValue(min, rule),
    v.maxValue(max, rule),
  );
}

/** A duration in hours, days or minutes: more than 0, fractions allowed (0.5 hours). */
const positiveNumber = v.pipe(
  v.string(),
  v.regex(/^[0-9]+(\.[0-9]+)?$/, "must be a number greater than 0"),
  v.transform(Number),
  v.gtValue(0, "must be a number greater than 0"),
);

const urlWith = (protocols: string[], example: string) =>
  v.pipe(
    v.string(),
    v.url(`must be a URL like ${example}`),
    v.check((s) => protocols.includes(new URL(s).protocol), `must be a URL like ${example}`),
  );

const email = (example: string) => v.pipe(v.string(), v.email(`must be an e-mail address like ${example}`));

/**
 * The rule of each variable. Unset or empty means the default (chosen in readConfig), except
 * INTRO_VIDEO_CAPTIONS_URL, where empty means "no captions".
 */
const EnvSchema = v.object({
  PORT: v.optional(wholeNumber(1, 65_535)),
  HOST: v.optional(v.string()),
  DATABASE_URL: v.optional(urlWith(["postgres:", "postgresql:"], "postgres://user:pass@host:5432/db")),
  DATA_DIR: v.optional(v.string()),
  PUBLIC_ORIGIN: v.optional(
    v.pipe(
      urlWith(["http:", "https:"], "https://stepwise.example.org"),
      v.check((s) => new URL(s).pathname === "/", "must be the site's origin only, like https://stepwise.example.org"),
      v.transform((s) => new URL(s).origin),
    ),
  ),
  // "true" used to mean "believe the leftmost X-Forwarded-For", which the client writes: it must not silently go on.
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(off|0|[1-9][0-9]?)$/,
        "must be the number of proxies in front of the server (1 behind one load balancer) or off",
      ),
      v.transform((s) => (s === "off" ? 0 : Number(s))),
    ),
  ),
  SMTP_URL: v.optional(urlWith(["smtp:", "smtps:"], "smtps://user:pass@mail.example.org:465")),
  MAIL_FROM: v.optional(v.string()),
  SESSION_IDLE_HOURS: v.optional(positiveNumber),
  SESSION_MAX_DAYS: v.optional(positiveNumber),
  LOGIN_MAX_FAILURES: v.optional(wholeNumber(1)),
  LOGIN_MAX_FAILURES_PER_USERNAME: v.optional(wholeNumber(1)),
  LOGIN_MAX_FAILURES_PER_IP: v.optional(wholeNumber(1)),
  LOGIN_WINDOW_MINUTES: v.optional(positiveNumber),
  BODY_LIMIT_BYTES: v.optional(wholeNumber(1)),
  ADMIN_MESSAGE_WINDOW_DAYS: v.optional(wholeNumber(1)),
  SAMPLE_PATIENT_1: v.optional(v.string()),
  SAMPLE_PATIENT_2: v.optional(v.string()),
  ADMIN_EMAIL: v.optional(email("admin@clinic.example")),
  ADMIN_PASSWORD: v.optional(v.string()),
  SEED: v.optional(v.picklist(["demo", "none"], "must be demo or none")),
  INTRO_VIDEO_URL: v.optional(v.string()),
  INTRO_VIDEO_CAPTIONS_URL: v.optional(v.string()),
  VOICE_BOT_URL: v.optional(urlWith(["http:", "https:"], "https://voice.stepwise.example/session")),
  SUPPORT_EMAIL: v.optional(email("support@stepwise.example")),
});

/** Values a bad-variable message must not repeat: they may hold passwords. */
const SECRET = new Set(["DATABASE_URL", "SMTP_URL", "ADMIN_PASSWORD"]);

function parseEnv(env: Env): v.InferOutput<typeof EnvSchema> {
  const given = Object.fromEntries(
    Object.keys(EnvSchema.entries).map((key) => {
      const value = env[key];
      return [key, value === "" && key !== "INTRO_VIDEO_CAPTIONS_URL" ? undefined : value];
    }),
  );
  const result = v.safeParse(EnvSchema, given, { abortPipeEarly: true });
  if (result.success) return result.output;
  throw new ConfigError(
    result.issues.map((issue) => {
      const variable = v.getDotPath(issue) ?? "environment";
      const value = given[variable];
      const shown = value === undefined || SECRET.has(variable) ? "" : `, not ${JSON.stringify(value)}`;
      return { variable, message: `${issue.message}${shown}` };
    }),
  );
}

/** The configuration from the environment; throws a ConfigError naming every bad variable. */
export function readConfig(env: Env = process.env): Config {
  const e = parseEnv(env);
  const introVideoUrl = e.INTRO_VIDEO_URL ?? INTRO_VIDEO;
  return {
    port: e.PORT ?? 3000,
    host: e.HOST ?? "127.0.0.1",
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ?? "./data",
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY ?? 0,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "Stepwise <no-reply@stepwise.local>",
    sessionIdleMs: (e.SESSION_IDLE_HOURS ?? 8) * 3_600_000,
    sessionMaxMs: (e.SESSION_MAX_DAYS ?? 30) * 86_400_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES ?? 5,
    loginMaxFailuresPerUsername: e.LOGIN_MAX_FAILURES_PER_USERNAME ?? 50,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP ?? 20,
    loginWindowMs: (e.LOGIN_WINDOW_MINUTES ?? 15) * 60_000,
    bodyLimitBytes: e.BODY_LIMIT_BYTES ?? 1024 * 1024,
    adminMessageWindowDays: e.ADMIN_MESSAGE_WINDOW_DAYS ?? 90,
    samplePatients: [e.SAMPLE_PATIENT_1 ?? "sample_patient_1", e.SAMPLE_PATIENT_2 ?? "sample_patient_2"],
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seed: e.SEED ?? "demo",
    introVideoUrl,
    // The shipped captions belong to the shipped video: another video gets none unless it names its own.
    introVideoCaptionsUrl: e.INTRO_VIDEO_CAPTIONS_URL ?? (introVideoUrl === INTRO_VIDEO ? INTRO_CAPTIONS : ""),
    voiceBotUrl: e.VOICE_BOT_URL ?? "https://voice.stepwise.example/session",
    supportEmail: e.SUPPORT_EMAIL ?? "support@stepwise.example",
  };
}

/** For the entry points (server, seed): a bad environment prints its list and exits 1, without a stack trace. */
export function readConfigOrExit(env: Env = process.env): Config {
  try {
    return readConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
