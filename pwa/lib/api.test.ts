import { errorTexts } from "@schema/error-codes.ts";
import * as v from "valibot";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, BadAnswerError } from "./api.ts";
import { apiParsed } from "./api-parsed.ts";

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: string, statusText = "") =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body || null, { status, statusText })),
  );

describe("api", () => {
  it("a failed call carries the server's message field", async () => {
    answer(409, JSON.stringify({ message: "An account with this email already exists" }));
    await expect(api("/api/x")).rejects.toMatchObject({
      status: 409,
      message: "An account with this email already exists",
    });
  });

  it("without a message field, the error reads status, colon, body text (or status text)", async () => {
    answer(502, "Bad gateway from proxy");
    await expect(api("/api/x")).rejects.toThrow("502: Bad gateway from proxy");
    answer(503, "", "Service Unavailable");
    const err = (await api("/api/x").catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe("503: Service Unavailable");
  });

  it("sends cookies and JSON", async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ ok: 1 })));
    vi.stubGlobal("fetch", fetch);
    expect(await api("/api/y", { method: "POST", body: { a: 1 } })).toEqual({ ok: 1 });
    const init = fetch.mock.calls[0][1]!;
    expect(init.credentials).toBe("include");
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(init.body).toBe('{"a":1}');
  });
});

describe("apiParsed", () => {
  const Answer = v.object({ id: v.string(), count: v.number() });

  it("hands back the answer typed by its schema", async () => {
    answer(200, JSON.stringify({ id: "a", count: 2 }));
    await expect(apiParsed("/api/x", Answer)).resolves.toEqual({ id: "a", count: 2 });
  });

  it("an answer that is not what the schema says is a BadAnswerError, never data", async () => {
    answer(200, JSON.stringify({ id: "a", count: "two" }));
    const err = await apiParsed("/api/x", Answer).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadAnswerError);
    expect((err as Error).message).toBe(errorTexts.bad_answer);
  });
});
