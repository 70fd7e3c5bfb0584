import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { messages } from "../schema/messages.ts";
import { apiSession, cleanDevicePerTest, expectAccessible, signIn, toasts } from "./support.ts";

// The e2e server seeds the demo clinic (sync-server/seed/demo.ts): sample_patient_1 is Dr. Rivera's,
// sample_patient_2 Dr. Chen's.
const RIVERA = { username: "dr.rivera@stepwise.local", password: "demo-clinician" };
const DEMO_ADMIN = { username: "demo.admin@stepwise.local", password: "demo-admin" };

let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ context, page } = fresh);
});

/** Signs in, opens Chat History and waits until the device store holds the user's data. */
async function openSynced(user: { username: string; password: string }, path = "/chat-history") {
  await signIn(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto(path);
  await page.getByRole("heading", { name: "Chat History", level: 1 }).waitFor();
  await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });
}

const groups = () => page.getByRole("region", { name: "Conversations" }).getByRole("article");

describe("Chat History", () => {
  it("a clinician syncs, goes offline, reloads and still reads a conversation and its summary", async () => {
    await openSynced(RIVERA);
    await groups().first().waitFor();
    await expectAccessible(page, "/chat-history grouped");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Served by the service worker from here on, so the shell opens without a connection.
    await page.reload();
    await groups().first().waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { name: "Chat History", level: 1 }).waitFor();
    const first = groups().first();
    await first.waitFor();
    const conversationId = (await first.getByRole("heading").textContent())?.trim() ?? "";
    expect(conversationId).not.toBe("");
    await first.getByRole("button", { name: "View Details" }).click();

    const messages = page.getByRole("region", { name: "Messages" });
    await messages.getByRole("article").first().waitFor();
    expect(await messages.getByText(/Type: (user|agent)/).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get("conversationId")).toBe(conversationId);
    await expectAccessible(page, "/chat-history messages");

    await page.getByRole("button", { name: "View Summary" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Conversation Summary" }).waitFor();
    await dialog
      .getByText(/Pre-Exposure|No summary found for this conversation/)
      .first()
      .waitFor();
    await expectAccessible(page, "summary dialog");
    await page.keyboard.press("Escape");

    // A reload offline keeps the selection (it lives in the URL) and reads it from the device.
    await page.reload();
    await page.getByRole("region", { name: "Messages" }).getByRole("article").first().waitFor();
    await context.setOffline(false);
  });

  it("a clinician never sees another clinician's patients", async () => {
    await openSynced(RIVERA);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByLabel("Patient", { exact: true }).click();
    const options = await page.getByRole("option").allTextContents();
    expect(options[0]).toBe("All Patients");
    expect(options.some((o) => o.includes("(sample_patient_1)"))).toBe(true);
    expect(options.some((o) => o.includes("sample_patient_2"))).toBe(false);
    await page.keyboard.press("Escape");

    await page.goto("/chat-history?patientName=sample_patient_2");
    await page.getByText("No conversations found", { exact: true }).first().waitFor();
    const summaries = await page.evaluate(async () => {
      const res = await fetch("/api/conversations/patient/sample_patient_2/conversations", { credentials: "include" });
      return { status: res.status, body: await res.json() };
    });
    expect(summaries.status === 403 || summaries.status === 404 || summaries.body.length === 0).toBe(true);
  });

  it("a clinician sets the test or current prompt in the prompt dialog reached from a conversation", async () => {
    const api = await apiSession(RIVERA);
    type Marked = { id: string; is_current: boolean; is_test: boolean };
    const marks = async () => {
      const list = (await api("GET", "/api/prompt-history")).body as Marked[];
      return { current: list.find((p) => p.is_current)?.id, test: list.find((p) => p.is_test)?.id };
    };
    const before = await marks();
    await openSynced(RIVERA);
    const group = groups()
      .filter({ has: page.getByRole("button", { name: "View Prompt", disabled: false }) })
      .first();
    await group.getByRole("button", { name: "View Prompt" }).click();
    const dialog = page.getByRole("dialog");
    const offered = dialog.getByRole("button", { name: /^Set as (Current|Test) Prompt$/ });
    await offered.first().waitFor();
    await expectAccessible(page, "prompt dialog with marks");
    const label = (await offered.first().textContent()) ?? "";
    const kind = label.includes("Current") ? "current" : "test";
    await offered.first().click();
    await dialog.getByText(kind === "current" ? "Current Prompt" : "Test Prompt", { exact: true }).waitFor();
    await expect.poll(async () => (await marks())[kind], { timeout: 15_000 }).not.toBe(before[kind]);
    await dialog.getByText("Waiting to sync").waitFor({ state: "detached", timeout: 15_000 });

    // Put the mark back for the other tests.
    const holder = before[kind];
    if (holder) expect((await api("POST", `/api/prompt-history/set-${kind}`, { promptId: holder })).status).toBe(200);
  });

  it("an admin's deletes ask first and show how many records will go", async () => {
    await openSynced(DEMO_ADMIN, "/chat-history?patientName=sample_patient_1");
    await page.getByRole("button", { name: "SUDS over time" }).click();
    await page.getByRole("img", { name: /Peak SUDS per completed session/ }).waitFor();
    await expectAccessible(page, "/chat-history with a patient");
    await page.getByRole("button", { name: "Data Management" }).click();
    await page.getByRole("menuitem", { name: "Delete all data of sample_patient_1" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText(/This permanently deletes \d+ conversation records/).waitFor();
    const count = Number((await confirm.getByText(/This permanently deletes/).textContent())?.match(/\d+/)?.[0]);
    expect(count).toBeGreaterThan(0);
    await expectAccessible(page, "delete confirmation");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    // Cancelled: nothing went.
    const after = await page.evaluate(async () => {
      const res = await fetch("/api/conversations/patient/sample_patient_1?dryRun=true", {
        method: "DELETE",
        credentials: "include",
      });
      return (await res.json()).count as number;
    });
    expect(after).toBe(count);

    // Delete All for the patient asks the same way.
    await page.getByRole("button", { name: "Delete All" }).click();
    await page.getByRole("alertdialog").getByText(`This permanently deletes ${count} conversation records`).waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

    // The test-data cleanup is confirmed and reported with the spec's toast.
    await page.getByRole("button", { name: "Data Management" }).click();
    await page.getByRole("menuitem", { name: "Delete test data" }).click();
    await page
      .getByRole("alertdialog")
      .getByText(/This permanently deletes \d+ conversation records/)
      .waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toasts(page).getByText("Conversations deleted").waitFor();
    await toasts(page)
      .getByText(/^\d+ conversation records were deleted$/)
      .waitFor();
  });

  it("an admin's device reads a conversation older than the window from the server, and offline says it needs a connection", async () => {
    // The demo clinic's conversations go back 150 days; the server keeps the default window of 90 days.
    const api = await apiSession(DEMO_ADMIN);
    const before = new Date(Date.now() - 120 * 86_400_000).toISOString();
    const { body } = await api("GET", `/api/conversations?endDate=${before}&limit=500`);
    const old = body as { conversation_id: string; data: string | null; serial_num: number; timestamp: string }[];
    const [first, second] = [...new Set(old.map((m) => m.conversation_id))];
    expect(second).toBeDefined();
    const opening = old
      .filter((m) => m.conversation_id === first && m.data)
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.serial_num - b.serial_num)[0];

    await openSynced(DEMO_ADMIN, `/chat-history?conversationId=${first}`);
    await page.getByText(messages.conversations.loadedFromServer).waitFor();
    await page
      .getByRole("region", { name: "Messages" })
      .getByRole("article")
      .filter({ hasText: (opening.data ?? "").slice(0, 40) })
      .first()
      .waitFor();
    await expectAccessible(page, "/chat-history loaded from the server");

    await context.setOffline(true);
    await page.evaluate((to) => {
      history.pushState(null, "", to);
      dispatchEvent(new PopStateEvent("popstate"));
    }, `/chat-history?conversationId=${second}`);
    await page.getByText(messages.conversations.needsConnection).waitFor();
    expect(await page.getByRole("region", { name: "Messages" }).count()).toBe(0);
    await context.setOffline(false);
  });
});
