import { describe, expect, it } from "vitest";
import { readConfig } from "./config.ts";

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

describe("sign-in limits", () => {
  it("default to 5 per username and IP, 50 per username, 20 per IP in 15 minutes", () => {
    const config = readConfig({});
    expect(config.loginMaxFailures).toBe(5);
    expect(config.loginMaxFailuresPerUsername).toBe(50);
    expect(config.loginMaxFailuresPerIp).toBe(20);
    expect(config.loginWindowMs).toBe(15 * 60_000);
    expect(readConfig({ LOGIN_MAX_FAILURES_PER_USERNAME: "80" }).loginMaxFailuresPerUsername).toBe(80);
  });
});
