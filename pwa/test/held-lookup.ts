import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

/** A JSON answer of the server. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * Each test of the file starts as a page load does: the session not looked up yet (its module
 * state fresh, so import the app's modules inside the test) and the lookup, GET /api/user, held
 * until the test answers it with the function returned. Other requests get a 404.
 */
export function holdSessionLookup(): (answer: Response) => void {
  let answerLookup: (answer: Response) => void = () => {};
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
      if (String(input).endsWith("/api/user")) return new Promise<Response>((resolve) => (answerLookup = resolve));
      return Promise.resolve(json({ message: "Not found" }, 404));
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  return (answer) => answerLookup(answer);
}
