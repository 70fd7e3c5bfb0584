import type { Session, SessionUser } from "./auth/sessions.ts";
import type { Config } from "./config.ts";
import type { Sql } from "./db/connect.ts";
import type { AgentKey } from "./http/agent-auth.ts";
import type { Mailer } from "./mail.ts";

export interface AppDeps {
  sql: Sql;
  config: Config;
  /** Sends e-mail; absent when SMTP_URL is unset. */
  mailer?: Mailer;
  /** The server's clock; tests move it to check expiry. */
  now: () => Date;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    session: Session | null;
    /** Top-level answer fields an idempotent replay leaves out (a secret shown once). */
    notReplayed?: string[];
    /** Set by verifiedAgentKey: the request's valid agent key, null when it has none. */
    agentKey: AgentKey | null;
  };
};
