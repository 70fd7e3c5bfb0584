import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("the API's common behaviour", () => {
  it("answers an unknown endpoint with a JSON 404", async () => {
    const res = await t.anonymous().get("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No API endpoint/);
  });

  it("sends the security headers: HSTS for a year, a CSP, nosniff and no framing", async () => {
    const res = await t.anonymous().get("/api/config");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=31536000");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("refuses a state-changing request from another site", async () => {
    const res = await t.anonymous().post("/api/config", {}, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Cross-site requests are not allowed");
  });

  it("refuses a body larger than the limit with 413", async () => {
    const big = JSON.stringify({ data: "x".repeat(t.config.bodyLimitBytes + 10) });
    const res = await t.anonymous().post("/api/login", big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The request body is too large");
  });

  it("lets the agent's routes take ten times the limit (its message batches), and no more", async () => {
    const body = (bytes: number) => JSON.stringify({ data: "x".repeat(bytes) });
    const batch = await t.anonymous().post("/api/agent/messages", body(t.config.bodyLimitBytes * 2));
    expect(batch.status).toBe(401);
    const huge = await t.anonymous().post("/api/agent/messages", body(t.config.bodyLimitBytes * 10 + 10));
    expect(huge.status).toBe(413);
  });

  it("tells the app its public settings", async () => {
    const res = await t.anonymous().get("/api/config");
    expect(res.status).toBe(200);
    expect(res.body.samplePatients).toEqual(["sample_patient_1", "sample_patient_2"]);
    expect(res.body.emailConfigured).toBe(false);
  });
});
