import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.ts";

/** The problems a refused start lists, by variable. */
function problems(env: Record<string, string>) {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => p.variable);
    throw error;
  }
  throw new Error("the environment was accepted");
}

describe("defaults", () => {
  it("an empty environment starts with every documented default", () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: undefined,
      dataDir: "./data",
      publicOrigin: undefined,
      trustProxy: 0,
      smtpUrl: undefined,
      mailFrom: "Stepwise <no-reply@stepwise.local>",
      sessionIdleMs: 8 * 3_600_000,
      sessionMaxMs: 30 * 86_400_000,
      loginMaxFailures: 5,
      loginMaxFailuresPerUsername: 50,
      loginMaxFailuresPerIp: 20,
      loginWindowMs: 15 * 60_000,
      bodyLimitBytes: 1024 * 1024,
      adminMessageWindowDays: 90,
      samplePatients: ["sample_patient_1", "sample_patient_2"],
      adminEmail: undefined,
      adminPassword: undefined,
      seed: "demo",
      introVideoUrl: "/media/stepwise-intro.mp4",
      introVideoCaptionsUrl: "/media/stepwise-intro.vtt",
      voiceBotUrl: "https://voice.stepwise.example/session",
      supportEmail: "support@stepwise.example",
    });
  });

  it("an empty variable means its default, as a shell's `PORT=` does", () => {
    expect(readConfig({ PORT: "", SEED: "", SMTP_URL: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      seed: "demo",
      smtpUrl: undefined,
      databaseUrl: undefined,
    });
  });
});

describe("valid settings", () => {
  it("reads every variable the README lists", () => {
    const config = readConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://stepwise:secret@db:5432/stepwise",
      DATA_DIR: "/var/lib/stepwise",
      PUBLIC_ORIGIN: "https://stepwise.example.org/",
      TRUST_PROXY: "2",
      SMTP_URL: "smtps://user:pass@mail.example.org:465",
      MAIL_FROM: "Clinic <no-reply@clinic.example>",
      SESSION_IDLE_HOURS: "0.5",
      SESSION_MAX_DAYS: "7",
      LOGIN_MAX_FAILURES: "3",
      LOGIN_MAX_FAILURES_PER_USERNAME: "80",
      LOGIN_MAX_FAILURES_PER_IP: "40",
      LOGIN_WINDOW_MINUTES: "30",
      BODY_LIMIT_BYTES: "2097152",
      ADMIN_MESSAGE_WINDOW_DAYS: "30",
      SAMPLE_PATIENT_1: "sample_a",
      SAMPLE_PATIENT_2: "sample_b",
      ADMIN_EMAIL: "head@clinic.example",
      ADMIN_PASSWORD: "a long password",
      SEED: "none",
      INTRO_VIDEO_URL: "https://www.youtube.com/watch?v=abc",
      VOICE_BOT_URL: "https://voice.clinic.example/",
      SUPPORT_EMAIL: "help@clinic.example",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: "postgres://stepwise:secret@db:5432/stepwise",
      dataDir: "/var/lib/stepwise",
      publicOrigin: "https://stepwise.example.org",
      trustProxy: 2,
      smtpUrl: "smtps://user:pass@mail.example.org:465",
      sessionIdleMs: 0.5 * 3_600_000,
      sessionMaxMs: 7 * 86_400_000,
      loginMaxFailures: 3,
      loginMaxFailuresPerUsername: 80,
      loginMaxFailuresPerIp: 40,
      loginWindowMs: 30 * 60_000,
      bodyLimitBytes: 2097152,
      adminMessageWindowDays: 30,
      samplePatients: ["sample_a", "sample_b"],
      adminEmail: "head@clinic.example",
      seed: "none",
      introVideoUrl: "https://www.youtube.com/watch?v=abc",
      introVideoCaptionsUrl: "",
      voiceBotUrl: "https://voice.clinic.example/",
      supportEmail: "help@clinic.example",
    });
  });

  it("an empty INTRO_VIDEO_CAPTIONS_URL turns the shipped captions off", () => {
    expect(readConfig({ INTRO_VIDEO_CAPTIONS_URL: "" }).introVideoCaptionsUrl).toBe("");
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, 0],
    ["", 0],
    ["off", 0],
    ["0", 0],
    ["1", 1],
    ["2", 2],
  ])("reads %j as %i trusted proxy hops", (value, hops) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toBe(hops);
  });

  it.each(["true", "yes", "-1", "1.5", "10.0.0.1"])("refuses %j with a message that says what it takes", (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be the number of proxies/);
  });
});

describe("a bad variable stops the start and is named", () => {
  it.each([
    ["PORT", "8O8O"],
    ["PORT", "0"],
    ["PORT", "70000"],
    ["DATABASE_URL", "localhost:5432"],
    ["PUBLIC_ORIGIN", "stepwise.example.org"],
    ["PUBLIC_ORIGIN", "https://stepwise.example.org/app"],
    ["TRUST_PROXY", "true"],
    ["SMTP_URL", "mail.example.org"],
    ["SESSION_IDLE_HOURS", "eight"],
    ["SESSION_MAX_DAYS", "0"],
    ["LOGIN_MAX_FAILURES", "-1"],
    ["LOGIN_MAX_FAILURES_PER_USERNAME", "5.5"],
    ["LOGIN_MAX_FAILURES_PER_IP", "lots"],
    ["LOGIN_WINDOW_MINUTES", "15m"],
    ["BODY_LIMIT_BYTES", "1MB"],
    ["ADMIN_MESSAGE_WINDOW_DAYS", "0"],
    ["ADMIN_MESSAGE_WINDOW_DAYS", "90d"],
    ["ADMIN_EMAIL", "admin"],
    ["SEED", "yes"],
    ["SEED", "off"],
    ["VOICE_BOT_URL", "voice.example"],
    ["SUPPORT_EMAIL", "support"],
  ])("%s=%j", (variable, value) => {
    expect(problems({ [variable]: value })).toEqual([variable]);
  });

  it("lists every bad variable at once, with the rule and the value it got", () => {
    let message = "";
    try {
      readConfig({ PORT: "8O8O", SEED: "yes", LOGIN_WINDOW_MINUTES: "15", SESSION_MAX_DAYS: "-3" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      [
        "Stepwise cannot start: fix these environment variables (README.md, Configuration):",
        '- PORT must be a whole number from 1 to 65535, not "8O8O"',
        '- SESSION_MAX_DAYS must be a number greater than 0, not "-3"',
        '- SEED must be demo or none, not "yes"',
      ].join("\n"),
    );
  });

  it("never repeats the value of a variable that may hold a password", () => {
    expect(() => readConfig({ SMTP_URL: "mail.example.org:465?password=hunter2" })).toThrow(
      /^(?![\s\S]*hunter2)[\s\S]*SMTP_URL must be a URL like smtps:/,
    );
  });
});
