import type { Prompt } from "@schema/rows.ts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openTestDevice, renderSignedIn, unreadableTestDevice } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import PromptHistoryPage from "./page.tsx";

const admin = userOf("admin");

const prompt = (id: string, overrides: Partial<Prompt> = {}): Prompt => ({
  id,
  version: 1,
  updated_at: "2025-01-05T13:04:05.000Z",
  title: `Coach ${id}`,
  owner: "Ada",
  prompt: `Guide the patient through exposure rounds, prompt ${id}, and ask for SUDS after each round.`,
  created_at: "2025-01-05T13:04:05.000Z",
  is_current: false,
  is_test: false,
  conversation_id_list: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

async function showPrompts(...prompts: Prompt[]) {
  const device = openTestDevice(admin);
  await device.store.prompts.bulkPut(prompts);
  return renderSignedIn(<PromptHistoryPage />, { user: admin, device });
}

describe("Prompt History page", () => {
  it("lists the device's prompts with a 60-character preview, the spec's date and the shown/total footer", async () => {
    await showPrompts(
      prompt("p1", { created_at: "2025-01-05T13:04:05", is_current: true }),
      prompt("p2", { title: "Night-time fears", is_test: true, created_at: "2025-02-01T10:00:00" }),
    );
    expect(await screen.findByText("Night-time fears")).toBeTruthy();
    expect(screen.getByText("Guide the patient through exposure rounds, prompt p1, and as...")).toBeTruthy();
    expect(screen.getByText("January 5, 2025 13:04:05")).toBeTruthy();
    expect(screen.getByText("Showing 2 of 2 prompts")).toBeTruthy();
    expect((screen.getByLabelText("Current prompt: Coach p1") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Test prompt: Night-time fears") as HTMLInputElement).checked).toBe(true);

    await userEvent.setup().type(screen.getByLabelText("Search"), "night");
    expect(screen.getByText("Showing 1 of 2 prompts")).toBeTruthy();
    await userEvent.setup().type(screen.getByLabelText("Search"), "zzz");
    expect(screen.getByText("No prompts match your search.")).toBeTruthy();
  });

  it("shows 4 skeleton rows until the device's first sync", async () => {
    renderSignedIn(<PromptHistoryPage />, { user: admin });
    await waitFor(() => expect(screen.getAllByTestId("prompt-skeleton")).toHaveLength(4));
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it("says none were created when the device has synced and holds no prompt", async () => {
    const device = openTestDevice(admin);
    await device.store.meta.put({ key: "lastSyncedAt", value: new Date().toISOString() });
    await device.engine.start().catch(() => {});
    device.engine.stop();
    renderSignedIn(<PromptHistoryPage />, { user: admin, device });
    expect(await screen.findByText(/No prompts have been created yet/)).toBeTruthy();
  });

  it("a manual refresh the server refuses without a word says Refresh failed with status {n}", async () => {
    // A proxy in front of the server answers 502 with an empty body.
    const device = openTestDevice(admin, { fetch: async () => new Response(null, { status: 502 }) });
    await device.store.prompts.bulkPut([prompt("p1")]);
    renderSignedIn(<PromptHistoryPage />, { user: admin, device });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("Refresh failed with status 502")).toBeTruthy();
    expect(screen.getByText("Refresh failed")).toBeTruthy();
  });

  it("choosing another current prompt moves the mark on the device and queues the server call", async () => {
    const { store } = await showPrompts(prompt("p1", { is_current: true }), prompt("p2"));
    await userEvent.setup().click(await screen.findByLabelText("Current prompt: Coach p2"));
    await waitFor(async () => expect((await store.prompts.get("p2"))?.is_current).toBe(true));
    expect((await store.prompts.get("p1"))?.is_current).toBe(false);
    const [queued] = await store.outbox.toArray();
    expect(queued).toMatchObject({ method: "POST", path: "/api/prompt-history/set-current", body: { promptId: "p2" } });
    await waitFor(() =>
      expect((screen.getByLabelText("Current prompt: Coach p2") as HTMLInputElement).checked).toBe(true),
    );
  });

  it("a test mark the server refused is told once, by what it marked", async () => {
    const device = openTestDevice(admin);
    await device.store.prompts.bulkPut([prompt("p1"), prompt("p2")]);
    await device.store.outbox.add({
      id: "mark-1",
      method: "POST",
      // Not the endpoint's URL: the toast follows what the change did to the prompt.
      path: "/api/v2/marks",
      body: { promptId: "p2" },
      table: "prompts",
      rowId: "p2",
      op: { kind: "flag", flag: "is_test" },
      createdAt: "2025-01-05T13:00:00.000Z",
      status: "failed",
      error: "No prompt found with ID: p2",
    });
    await device.engine.sync();
    renderSignedIn(<PromptHistoryPage />, { user: admin, device });
    expect(await screen.findByText("Failed to update test prompt")).toBeTruthy();
    expect(screen.getByText("No prompt found with ID: p2")).toBeTruthy();
  });

  it("the details dialog saves an edited copy as a new prompt and never touches the original", async () => {
    const fetch = vi.fn(async (_path: string, init: RequestInit) => {
      return new Response(JSON.stringify({ ...JSON.parse(String(init.body)), is_current: false }), { status: 201 });
    });
    vi.stubGlobal("fetch", fetch);
    await showPrompts(prompt("p1"));
    const user = userEvent.setup();
    await user.click(await screen.findByText("Coach p1"));
    const dialog = await screen.findByRole("dialog");
    const save = within(dialog).getByRole("button", { name: "Save as New Prompt" }) as HTMLButtonElement;
    const title = within(dialog).getByLabelText("Title");

    await user.clear(title);
    expect(save.disabled).toBe(true);
    await user.type(title, "Coach p1, gentler");
    expect(save.disabled).toBe(false);
    await user.click(save);

    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect([path, init.method]).toEqual(["/api/prompt-history", "POST"]);
    const body = JSON.parse(String(init.body));
    expect(body.id).not.toBe("p1");
    expect(body).toMatchObject({ title: "Coach p1, gentler", owner: "Ada", is_test: true });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("Escape closes the details dialog", async () => {
    await showPrompts(prompt("p1"));
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "View Coach p1" }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("Delete is off for the current and the test prompt, which say why; other prompts can be deleted", async () => {
    await showPrompts(prompt("p1", { is_current: true }), prompt("p2", { is_test: true }), prompt("p3"));
    const deleteOf = async (title: string) =>
      (await screen.findByRole("button", { name: `Delete ${title}` })) as HTMLButtonElement;
    const current = await deleteOf("Coach p1");
    expect(current.disabled).toBe(true);
    expect(document.getElementById(current.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "The current prompt cannot be deleted",
    );
    const test = await deleteOf("Coach p2");
    expect(test.disabled).toBe(true);
    expect(document.getElementById(test.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "The test prompt cannot be deleted",
    );
    expect((await deleteOf("Coach p3")).disabled).toBe(false);

    // The details dialog says the same.
    await userEvent.setup().click(screen.getByRole("button", { name: "View Coach p1" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByRole("button", { name: "Delete Prompt" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText("The current prompt cannot be deleted")).toBeTruthy();
  });

  it("says Error loading prompts, not None created, when the device store cannot be read", async () => {
    const device = await unreadableTestDevice(admin);
    renderSignedIn(<PromptHistoryPage />, { user: admin, device });
    expect(await screen.findByText("Error loading prompts")).toBeTruthy();
    expect(screen.queryByText(/No prompts have been created yet/)).toBeNull();
    expect(screen.queryByText(/Showing \d+ of/)).toBeNull();
  });

  it("shows 50 prompts a page; a sort runs over all of them and starts again on page 1", async () => {
    // Titles Prompt 001 … Prompt 120, created a minute apart: Prompt 120 is the newest.
    const many = Array.from({ length: 120 }, (_, i) => {
      const n = String(i + 1).padStart(3, "0");
      return prompt(`p${n}`, { title: `Prompt ${n}`, created_at: new Date(Date.UTC(2025, 0, 5, 0, i)).toISOString() });
    });
    await showPrompts(...many);
    expect(await screen.findByText("Prompt 120")).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(51);
    expect(screen.queryByText("Prompt 001")).toBeNull();
    expect(screen.getByText("Showing 120 of 120 prompts")).toBeTruthy();
    const pages = screen.getByRole("navigation", { name: "Prompt pages" });
    expect(pages.textContent).toContain("Showing 1–50 of 120");

    const user = userEvent.setup();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Prompt 001")).toBeTruthy();
    expect(pages.textContent).toContain("Showing 101–120 of 120");

    await user.click(screen.getByRole("combobox", { name: "Sort by" }));
    await user.click(await screen.findByRole("option", { name: "Title Z-A" }));
    await waitFor(() => expect(pages.textContent).toContain("Showing 1–50 of 120"));
    expect(screen.getByText("Prompt 120")).toBeTruthy();
    expect(screen.queryByText("Prompt 001")).toBeNull();
  });
});
