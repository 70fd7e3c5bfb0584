import { messages } from "@schema/messages.ts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDevice, renderSignedIn, unreadableTestDevice } from "@/test/render.tsx";
import { messageRow, patientRow, summaryRow, userOf } from "@/test/rows.ts";
import ChatHistoryPage from "./page.tsx";

const clinician = userOf("clinician");
const admin = userOf("admin");

const message = messageRow;

async function seededDevice(user = clinician) {
  const device = openTestDevice(user);
  await device.store.patients.bulkPut([
    patientRow({
      id: "p1",
      username: "ada",
      first_name: "Ada",
      last_name: "Lane",
      age: 16,
      gender: "prefer_not_to_say",
      clinician_name: "Dr. Rivera",
    }),
    patientRow({ id: "p2", username: "ben", first_name: "Ben", last_name: "Cole" }),
  ]);
  await device.store.conversation_messages.bulkPut([
    message("conv-ada-1", "ada", "2025-01-02T10:00:00.000Z", { data: "I was nervous ordering", prompt_id: "prompt-1" }),
    message("conv-ada-1", "ada", "2025-01-02T10:01:00.000Z", {
      data_type: "agent",
      serial_num: 2,
      data: "What was your SUDS?",
    }),
    message("conv-ben-1", "ben", "2025-01-04T10:00:00.000Z", { data: "Ben's first words" }),
  ]);
  await device.store.conversation_summaries.put(
    summaryRow({ id: "conv-ben-1", patient_name: "ben", is_safetychecker: true }),
  );
  return device;
}

// happy-dom does no layout: give scroll areas a height so the virtualised lists render their rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight");
beforeAll(() => Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 800 }));
afterAll(() => clientHeight && Object.defineProperty(HTMLElement.prototype, "clientHeight", clientHeight));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Chat History page", () => {
  it("with no filter shows conversations grouped newest first, with the Safety Risk badge and View Prompt disabled without a prompt", async () => {
    renderSignedIn(<ChatHistoryPage />, { user: clinician, device: await seededDevice(), path: "/chat-history" });
    const region = await screen.findByRole("region", { name: "Conversations" });
    const groups = await within(region).findAllByRole("article");
    expect(groups.map((g) => within(g).getByRole("heading").textContent)).toEqual(["conv-ben-1", "conv-ada-1"]);
    expect(within(groups[0]).getByText("Safety Risk")).toBeTruthy();
    expect(within(groups[0]).getByText(/1 messages · Patient: ben/)).toBeTruthy();
    expect((within(groups[0]).getByRole("button", { name: "View Prompt" }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(groups[1]).getByRole("button", { name: "View Prompt" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText("Please select a patient or apply date filters to view conversations.")).toBeTruthy();
  });

  it("during a first sync says plainly that older conversations are still arriving, and not once synced", async () => {
    const device = await seededDevice();
    const progress = { table: "conversation_messages", done: 12400, total: 50000, remaining: 37600 };
    await device.store.meta.put({ key: "firstSync", value: JSON.stringify(progress) });
    await device.engine.start();
    renderSignedIn(<ChatHistoryPage />, { user: clinician, device, path: "/chat-history" });
    const notice = await screen.findByText(/Older conversations are still arriving/);
    expect(notice.textContent).toBe(
      "Older conversations are still arriving (12,400 of 50,000 messages so far). The newest are already here.",
    );
    device.engine.stop();
    cleanup();
    renderSignedIn(<ChatHistoryPage />, { user: clinician, device: await seededDevice(), path: "/chat-history" });
    await screen.findByRole("region", { name: "Conversations" });
    expect(screen.queryByText(/still arriving/)).toBeNull();
  });

  it("during a first sync the open conversation is readable as soon as its messages are stored, not at the next periodic search", async () => {
    // A sync that is under way (its pull never answers) and still has older messages to bring.
    const device = openTestDevice(clinician, { fetch: () => new Promise<Response>(() => {}) });
    await device.store.patients.put(patientRow({ id: "p1", username: "ada" }));
    const progress = { table: "conversation_messages", done: 0, total: 50000, remaining: 50000 };
    await device.store.meta.put({ key: "firstSync", value: JSON.stringify(progress) });
    // Its start resolves when that sync ends: never, here.
    void device.engine.start();
    renderSignedIn(<ChatHistoryPage />, { user: clinician, device, path: "/chat-history?conversationId=conv-new" });
    await screen.findByText(/Older conversations are still arriving/);
    // The first search of the store answered: nothing yet, which is "loading", not "none", while messages are to come.
    expect(await screen.findByText("Loading messages…")).toBeTruthy();
    // Given the time the store's first reads take here, the panel and its status still do not say none.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByText("Loading messages…")).toBeTruthy();
    expect(screen.queryByText(messages.conversations.none)).toBeNull();
    // The sync stores the page holding it.
    await device.store.conversation_messages.bulkPut([
      message("conv-new", "ada", "2025-03-01T10:00:00.000Z", { data: "The newest words" }),
      message("conv-other", "ada", "2025-02-01T10:00:00.000Z", { data: "Older words" }),
    ]);
    const region = await screen.findByRole("region", { name: "Messages" }, { timeout: 3000 });
    expect(await within(region).findByText("The newest words")).toBeTruthy();
    device.engine.stop();
  });

  it("during a first sync the open conversation shows each of its messages as it is stored, not at the next periodic search", async () => {
    const device = openTestDevice(clinician, { fetch: () => new Promise<Response>(() => {}) });
    await device.store.patients.put(patientRow({ id: "p1", username: "ada" }));
    await device.store.conversation_messages.put(
      message("conv-long", "ada", "2025-03-01T10:00:00.000Z", { data: "The first words" }),
    );
    const progress = { table: "conversation_messages", done: 1, total: 50000, remaining: 49999 };
    await device.store.meta.put({ key: "firstSync", value: JSON.stringify(progress) });
    void device.engine.start();
    renderSignedIn(<ChatHistoryPage />, { user: clinician, device, path: "/chat-history?conversationId=conv-long" });
    const region = await screen.findByRole("region", { name: "Messages" });
    await within(region).findByText("The first words");
    // Later pages of the sync bring the rest of it: the search takes them in only every 10 s meanwhile.
    const shown = () => within(screen.getByRole("region", { name: "Messages" })).getAllByText(/words/);
    for (const [minute, words] of [
      [5, "The later words"],
      [9, "The last words"],
    ] as const) {
      await device.store.conversation_messages.put(
        message("conv-long", "ada", `2025-03-01T10:0${minute}:00.000Z`, { data: words, serial_num: minute }),
      );
      await waitFor(() => expect(shown().map((t) => t.textContent)).toContain(words));
    }
    expect(shown().map((t) => t.textContent)).toEqual(["The first words", "The later words", "The last words"]);
    device.engine.stop();
  });

  it("while the device store is read, the results card says what it waits for, never a bare spinner, then shows the rows", async () => {
    renderSignedIn(<ChatHistoryPage />, {
      user: clinician,
      device: await seededDevice(),
      path: "/chat-history?conversationId=conv-ada-1",
    });
    const waiting = await screen.findByText("Loading messages…");
    expect(waiting.getAttribute("role")).toBe("status");
    expect(await screen.findByText("What was your SUDS?")).toBeTruthy();
    expect(screen.queryByText("Loading messages…")).toBeNull();
    cleanup();

    renderSignedIn(<ChatHistoryPage />, { user: clinician, device: await seededDevice(), path: "/chat-history" });
    expect((await screen.findByText("Loading conversations…")).getAttribute("role")).toBe("status");
    await screen.findByRole("region", { name: "Conversations" });
    expect(screen.queryByText("Loading conversations…")).toBeNull();
  });

  it("View Details shows that conversation's messages with type, order and the View Summary button", async () => {
    renderSignedIn(<ChatHistoryPage />, { user: clinician, device: await seededDevice(), path: "/chat-history" });
    const region = await screen.findByRole("region", { name: "Conversations" });
    const [, ada] = await within(region).findAllByRole("article");
    await userEvent.click(within(ada).getByRole("button", { name: "View Details" }));

    const messages = await screen.findByRole("region", { name: "Messages" });
    await within(messages).findByText("I was nervous ordering");
    expect(within(messages).getByText("Type: agent")).toBeTruthy();
    expect(within(messages).getByText("Order: 2")).toBeTruthy();
    expect(within(messages).getByLabelText("User")).toBeTruthy();
    expect(within(messages).getByLabelText("Bot")).toBeTruthy();

    // Not on the device: the dialog asks the server, which has none either.
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ message: "Summary not found" }), { status: 404 }));
    await userEvent.click(screen.getByRole("button", { name: "View Summary" }));
    expect(await screen.findByText("No summary found for this conversation")).toBeTruthy();
  });

  it("opening a patient's Chat History and a conversation records one view of each on the device, whatever the re-renders", async () => {
    const { store } = renderSignedIn(<ChatHistoryPage />, {
      user: clinician,
      device: await seededDevice(),
      path: "/chat-history?patientName=ada&conversationId=conv-ada-1",
    });
    expect(await screen.findByText("What was your SUDS?")).toBeTruthy();
    await waitFor(async () => expect(await store.views.count()).toBe(2));
    const views = await store.views.toArray();
    expect(views.map(({ patientName, what, targetId }) => ({ patientName, what, targetId }))).toEqual(
      expect.arrayContaining([
        { patientName: "ada", what: "chat_history", targetId: null },
        { patientName: "ada", what: "conversation", targetId: "conv-ada-1" },
      ]),
    );
    await userEvent.click(screen.getByRole("button", { name: "All Conversations" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.views.count()).toBe(2);
  });

  it("the conversationId and patientName query parameters preselect the patient and the conversation", async () => {
    renderSignedIn(<ChatHistoryPage />, {
      user: clinician,
      device: await seededDevice(),
      path: "/chat-history?patientName=ada&conversationId=conv-ada-1",
    });
    expect(await screen.findByText("Dr. Rivera")).toBeTruthy();
    expect(screen.getByText("Do not want to say")).toBeTruthy();
    expect(await screen.findByText("What was your SUDS?")).toBeTruthy();
    expect(screen.queryByText("Ben's first words")).toBeNull();
    // The patient's list comes from the search, which may answer after the messages read.
    const list = await screen.findByRole("button", { name: /conv-ada-1/ });
    expect(list.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "All Conversations" })).toBeTruthy();
  });

  it("typing in the conversation-id box selects the first matching conversation, and a miss offers Clear filters", async () => {
    renderSignedIn(<ChatHistoryPage />, { user: clinician, device: await seededDevice(), path: "/chat-history" });
    await screen.findByRole("region", { name: "Conversations" });
    const box = screen.getByLabelText("Search by conversation ID");
    await userEvent.type(box, "ben");
    expect(await screen.findByText("Ben's first words")).toBeTruthy();

    await userEvent.type(box, "-nothing");
    expect(await screen.findByText("No conversations found", { selector: "p" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
  });

  it("free text search finds messages across conversations", async () => {
    renderSignedIn(<ChatHistoryPage />, { user: clinician, device: await seededDevice(), path: "/chat-history" });
    await screen.findByRole("region", { name: "Conversations" });
    await userEvent.type(screen.getByLabelText("Search messages"), "NERVOUS");
    expect(await screen.findByText("I was nervous ordering")).toBeTruthy();
    expect(screen.queryByText("Ben's first words")).toBeNull();
  });

  it("an empty date range says No conversations found for the selected date range.", async () => {
    renderSignedIn(<ChatHistoryPage />, {
      user: clinician,
      device: await seededDevice(),
      path: "/chat-history?start=2030-01-01",
    });
    expect(await screen.findByText("No conversations found for the selected date range.")).toBeTruthy();
  });

  it("only an admin gets the Data Management menu and Delete All", async () => {
    const config = { samplePatients: ["sample_patient_1", "sample_patient_2"] };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(config), { status: 200 }));
    const view = renderSignedIn(<ChatHistoryPage />, {
      user: clinician,
      device: await seededDevice(),
      path: "/chat-history?patientName=ada",
    });
    await screen.findByText("Dr. Rivera");
    expect(screen.queryByRole("button", { name: "Data Management" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete All" })).toBeNull();
    view.unmount();

    renderSignedIn(<ChatHistoryPage />, {
      user: admin,
      device: await seededDevice(admin),
      path: "/chat-history?patientName=ada",
    });
    await screen.findByText("Dr. Rivera");
    expect(screen.getByRole("button", { name: "Data Management" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete All" })).toBeTruthy();
  });

  it("says Error loading conversations and keeps the page when the device store cannot be read", async () => {
    const device = await unreadableTestDevice(clinician);
    renderSignedIn(<ChatHistoryPage />, { user: clinician, device, path: "/chat-history?patientName=ada" });
    expect(await screen.findByText("Error loading conversations")).toBeTruthy();
    expect(await screen.findByText("Error loading this patient's details")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Filters" }));
    expect(await screen.findByText("Error loading patients")).toBeTruthy();
  });
});

describe("Chat History on an admin's device, which keeps the text of recent messages only", () => {
  /** The admin's device holds conv-old as an admin's pull sends it: its messages without their text. */
  async function adminDevice() {
    const device = await seededDevice(admin);
    await device.store.conversation_messages.bulkPut([
      message("conv-old", "ada", "2024-01-02T10:00:00.000Z", { data: null, held_back: true, serial_num: 0 }),
      message("conv-old", "ada", "2024-01-02T10:01:00.000Z", { data: null, held_back: true, serial_num: 1 }),
    ]);
    return device;
  }
  const serverMessages = [
    message("conv-old", "ada", "2024-01-02T10:00:00.000Z", { data: "An old first message", serial_num: 0 }),
    message("conv-old", "ada", "2024-01-02T10:01:00.000Z", { data: "An old reply", data_type: "agent", serial_num: 1 }),
  ];

  it("online, an old conversation opened is read from the server and says so", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(serverMessages), { headers: { "Content-Type": "application/json" } });
    });
    renderSignedIn(<ChatHistoryPage />, {
      user: admin,
      device: await adminDevice(),
      path: "/chat-history?patientName=ada&conversationId=conv-old",
    });
    const region = await screen.findByRole("region", { name: "Messages" });
    expect(await within(region).findByText("An old first message")).toBeTruthy();
    expect(within(region).getByText("An old reply")).toBeTruthy();
    expect(screen.getByRole("note").textContent).toBe(messages.conversations.loadedFromServer);
    expect(asked).toContain("/api/conversations/conv-old/messages");
    // The patient's list still holds the conversation and counts its messages, kept without their text.
    const listed = await screen.findByRole("button", { name: /conv-old/, pressed: true });
    expect(listed.textContent).toMatch(/· 2 messages/);
  });

  it("offline, it says older messages need a connection instead of an empty chat", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      renderSignedIn(<ChatHistoryPage />, {
        user: admin,
        device: await adminDevice(),
        path: "/chat-history?patientName=ada&conversationId=conv-old",
      });
      expect(await screen.findByText(messages.conversations.needsConnection)).toBeTruthy();
      expect(screen.queryByRole("region", { name: "Messages" })).toBeNull();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("a recent conversation still reads from the device, with no server note", async () => {
    renderSignedIn(<ChatHistoryPage />, {
      user: admin,
      device: await adminDevice(),
      path: "/chat-history?patientName=ada&conversationId=conv-ada-1",
    });
    expect(await screen.findByText("What was your SUDS?")).toBeTruthy();
    expect(screen.queryByRole("note")).toBeNull();
  });
});
