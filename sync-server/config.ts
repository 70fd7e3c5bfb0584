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

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * TRUST_PROXY as a number of proxy hops. Anything else stops the start: "true" used to mean
 * "believe the leftmost X-Forwarded-For", which the client writes, so it must not silently go on.
 */
function proxyHops(value: string | undefined): number {
  if (value === undefined || value === "" || value === "off" || value === "0") return 0;
  if (/^[1-9][0-9]?$/.test(value)) return Number(value);
  throw new Error(
    `TRUST_PROXY must be the number of proxies in front of the server (1 behind one load balancer) or off, not "${value}"`,
  );
}

export function readConfig(env: Env = process.env): Config {
  return {
    port: num(env.PORT, 3000),
    host: env.HOST || "127.0.0.1",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || "./data",
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/$/, "") || undefined,
    trustProxy: proxyHops(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "Stepwise <no-reply@stepwise.local>",
    sessionIdleMs: num(env.SESSION_IDLE_HOURS, 8) * 3_600_000,
    sessionMaxMs: num(env.SESSION_MAX_DAYS, 30) * 86_400_000,
    loginMaxFailures: num(env.LOGIN_MAX_FAILURES, 5),
    loginMaxFailuresPerUsername: num(env.LOGIN_MAX_FAILURES_PER_USERNAME, 50),
    loginMaxFailuresPerIp: num(env.LOGIN_MAX_FAILURES_PER_IP, 20),
    loginWindowMs: num(env.LOGIN_WINDOW_MINUTES, 15) * 60_000,
    bodyLimitBytes: num(env.BODY_LIMIT_BYTES, 1024 * 1024),
    samplePatients: [env.SAMPLE_PATIENT_1 || "sample_patient_1", env.SAMPLE_PATIENT_2 || "sample_patient_2"],
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seed: env.SEED === "none" ? "none" : "demo",
    introVideoUrl: env.INTRO_VIDEO_URL || INTRO_VIDEO,
    // The shipped captions belong to the shipped video: another video gets none unless it names its own.
    introVideoCaptionsUrl:
      env.INTRO_VIDEO_CAPTIONS_URL ?? ((env.INTRO_VIDEO_URL || INTRO_VIDEO) === INTRO_VIDEO ? INTRO_CAPTIONS : ""),
    voiceBotUrl: env.VOICE_BOT_URL || "https://voice.stepwise.example/session",
    supportEmail: env.SUPPORT_EMAIL || "support@stepwise.example",
  };
}
