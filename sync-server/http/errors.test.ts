import { ERROR_CODES, ErrorBody } from "@schema/error-codes.ts";
import { Hono } from "hono";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness.ts";
import { HttpError, toErrorResponse } from "./errors.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Every refusal is the contract's body: a message for people and a code from schema/error-codes.ts. */
function expectRefusal(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(v.is(ErrorBody, res.body)).toBe(true);
  expect((res.body as ErrorBody).code).toBe(code);
}

describe("every /api error body carries a stable code", () => {
  it("validation: bad input, with the fields named", async () => {
    const clinician = await t.as("clinician");
    const res = await clinician.post("/api/patients", { first_name: "", last_name: "X", age: "old" });
    expectRefusal(res, 400, "validation");
    expect((res.body as ErrorBody).issues?.length).toBeGreaterThan(0);
    expectRefusal(await clinician.post("/api/patients", "{not json"), 400, "validation");
  });

  it("unauthorized: not signed in, or no agent key", async () => {
    expectRefusal(await t.anonymous().get("/api/patients"), 401, "unauthorized");
    expectRefusal(await t.anonymous().get("/api/agent/prompt?kind=current"), 401, "unauthorized");
  });

  it("invalid_credentials: a wrong password", async () => {
    const user = await t.createUser();
    const res = await t.anonymous().post("/api/login", { username: user.username, password: "wrong-password" });
    expectRefusal(res, 401, "invalid_credentials");
  });

  it("forbidden: a clinician on an admin route, and a cross-site write", async () => {
    expectRefusal(await (await t.as("clinician")).get("/api/admin/users"), 403, "forbidden");
    expectRefusal(await t.anonymous().post("/api/login", {}, { origin: "https://evil.example" }), 403, "forbidden");
  });

  it("must_change_password: a one-time password allows only the password change", async () => {
    const user = await t.createUser({ must_change_password: true });
    const res = await (await t.signIn(user)).get("/api/patients");
    expectRefusal(res, 403, "must_change_password");
  });

  it("not_found: an unknown endpoint and another clinician's patient alike", async () => {
    expectRefusal(await t.anonymous().get("/api/no-such-thing"), 404, "not_found");
    const ann = await t.as("clinician");
    const ben = await t.as("clinician");
    const p = await ann.post("/api/patients", { first_name: "Kim", last_name: "Ro", age: 15, gender: "female" });
    expectRefusal(await ben.get(`/api/patients/${p.body.id}`), 404, "not_found");
  });

  it("payload_too_large: a body over the limit", async () => {
    const big = JSON.stringify({ data: "x".repeat(t.config.bodyLimitBytes + 10) });
    expectRefusal(await t.anonymous().post("/api/login", big), 413, "payload_too_large");
  });

  it("server_error: a failure the handler did not expect, without its details", async () => {
    const app = new Hono().get("/boom", () => {
      throw new Error("secret detail");
    });
    app.onError(toErrorResponse);
    const original = console.error;
    console.error = () => {};
    try {
      const res = await app.request("/boom");
      const body = await res.json();
      expectRefusal({ status: res.status, body }, 500, "server_error");
      expect(JSON.stringify(body)).not.toContain("secret detail");
    } finally {
      console.error = original;
    }
  });

  it("a handler's own code wins over the one its status means", () => {
    expect(new HttpError(409, "x").code).toBe("conflict");
    expect(new HttpError(409, "x", { code: "version_conflict" }).code).toBe("version_conflict");
    expect(ERROR_CODES).toContain(new HttpError(418 as 400, "x").code);
  });
});
