import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import { useSyncStateOf } from "./sync-context.ts";

afterEach(cleanup);

function Connection() {
  const online = useSyncStateOf((state) => state?.online !== false);
  return <p>{online ? "Connected" : "No connection"}</p>;
}

describe("The engine's state on screen", () => {
  it("follows the worker's reports in a transition, not in a synchronous render as each one arrives", async () => {
    const { engine } = renderSignedIn(<Connection />, { user: userOf("clinician") });
    await screen.findByText("Connected");
    // Looked at just after React's own microtask for the report, had it rendered the report at once.
    let shownAtOnce: boolean | undefined;
    engine.subscribe((state) => {
      if (state.online || shownAtOnce !== undefined) return;
      queueMicrotask(() =>
        queueMicrotask(() => {
          shownAtOnce = screen.queryByText("No connection") !== null;
        }),
      );
    });
    // The test device's network is down: the sync reports the device offline.
    void engine.sync().catch(() => {});
    await screen.findByText("No connection");
    expect(shownAtOnce).toBe(false);
  });
});
