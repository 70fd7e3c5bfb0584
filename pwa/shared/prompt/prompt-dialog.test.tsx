import type { Prompt } from "@schema/rows.ts";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openTestDevice, renderSignedIn, unreadableTestDevice } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import { PromptDialog } from "./prompt-dialog.tsx";

const user = userOf("clinician");
const prompt = (overrides: Partial<Prompt> = {}): Prompt => ({
  id: "prompt-1736082245000",
  version: 1,
  updated_at: "2025-01-05T13:04:05.000Z",
  title: "Exposure coach v2",
  owner: "Cleo",
  prompt: "You are a calm exposure-therapy coach.\nAsk for SUDS after each round.",
  created_at: "2025-01-05T13:04:05.000Z",
  is_current: true,
  is_test: false,
  conversation_id_list: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

afterEach(cleanup);

describe("Prompt detail dialog", () => {
  it("shows title, owner, creation time, the Current Prompt badge and the full text from the device", async () => {
    const device = openTestDevice(user);
    await device.store.prompts.put(prompt());
    renderSignedIn(<PromptDialog promptId="prompt-1736082245000" open onOpenChange={() => {}} />, { user, device });

    expect(await screen.findByText("Exposure coach v2")).toBeTruthy();
    expect(screen.getByText(/Owner: Cleo/)).toBeTruthy();
    expect(screen.getByText("Current Prompt")).toBeTruthy();
    expect(screen.queryByText("Test Prompt")).toBeNull();
    expect(screen.getByText(/Ask for SUDS after each round/)).toBeTruthy();
  });

  it("offers a clinician the marks the prompt lacks and moves one through the outbox, offline too", async () => {
    const device = openTestDevice(user);
    await device.store.prompts.bulkPut([
      prompt(),
      prompt({ id: "prompt-2", title: "Trial", is_current: false, is_test: true }),
    ]);
    renderSignedIn(<PromptDialog promptId="prompt-1736082245000" open onOpenChange={() => {}} />, { user, device });

    await screen.findByText("Exposure coach v2");
    expect(screen.queryByRole("button", { name: "Set as Current Prompt" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Set as Test Prompt" }));

    expect(await screen.findByText("Test Prompt")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Set as Test Prompt" })).toBeNull();
    expect(screen.getByText("Waiting to sync")).toBeTruthy();
    const queued = await device.store.outbox.toArray();
    expect(queued.map((e) => [e.method, e.path, e.body])).toEqual([
      ["POST", "/api/prompt-history/set-test", { promptId: "prompt-1736082245000" }],
    ]);
    expect((await device.store.prompts.get("prompt-2"))?.is_test).toBe(false);
  });

  it("asks the server for a prompt the device lacks and says No prompt found with ID when it has none", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: "Not found" }), { status: 404 }));
    vi.stubGlobal("fetch", fetch);
    renderSignedIn(<PromptDialog promptId="prompt-404" open onOpenChange={() => {}} />, { user });
    expect(await screen.findByText("No prompt found with ID: prompt-404")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/api/prompt-history/prompt-404", expect.anything());
  });

  it("says Error loading prompt details. Please try again. and Failed to fetch prompt: {status} {statusText} when the server fails", async () => {
    vi.stubGlobal("fetch", async () => new Response("boom", { status: 503, statusText: "Service Unavailable" }));
    renderSignedIn(<PromptDialog promptId="prompt-x" open onOpenChange={() => {}} />, { user });
    expect(
      await screen.findByText("Error loading prompt details. Please try again.", {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText("Failed to fetch prompt: 503 Service Unavailable")).toBeTruthy();
  });
});

describe("Prompt detail dialog, device store unreadable", () => {
  it("says Error loading prompt details. Please try again. with the reason", async () => {
    const device = await unreadableTestDevice(user);
    renderSignedIn(<PromptDialog promptId="prompt-1" open onOpenChange={() => {}} />, { user, device });
    expect(await screen.findByText("Error loading prompt details. Please try again.")).toBeTruthy();
    expect(screen.getByText(/closed/i)).toBeTruthy();
  });
});
