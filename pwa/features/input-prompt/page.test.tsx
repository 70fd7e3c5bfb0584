import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import InputPromptPage from "./page.tsx";

const admin = userOf("admin", { first_name: "Ada" });

afterEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

async function fill(title: string, content: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Title"), title);
  await user.type(screen.getByLabelText("Prompt content"), content);
  await user.click(screen.getByRole("button", { name: "Submit Prompt" }));
}

describe("Create Prompt page", () => {
  it("the owner defaults to the admin's first name and the counter follows the content", async () => {
    renderSignedIn(<InputPromptPage />, { user: admin });
    expect(((await screen.findByLabelText("Owner")) as HTMLInputElement).value).toBe("Ada");
    expect(screen.getByText("0 / 20,000")).toBeTruthy();
    await userEvent.setup().type(screen.getByLabelText("Prompt content"), "Hello");
    expect(screen.getByText("5 / 20,000")).toBeTruthy();
  });

  it("shows the spec's messages under the fields and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderSignedIn(<InputPromptPage />, { user: admin });
    await fill("abc", "too short");
    expect(await screen.findByText("Title must be at least 4 characters")).toBeTruthy();
    expect(screen.getByText("Prompt must be at least 10 characters")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("posts a new prompt and shows its id, then clears the form", async () => {
    const fetch = vi.fn(async (_path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return json({ ...body, created_at: new Date().toISOString(), is_current: false }, 201);
    });
    vi.stubGlobal("fetch", fetch);
    renderSignedIn(<InputPromptPage />, { user: admin });
    await fill("Exposure coach v3", "You are a calm exposure coach.");

    expect((await screen.findByText(/Prompt saved with ID/)).textContent).toMatch(/Prompt saved with ID: prompt-\d+$/);
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe("/api/prompt-history");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toMatchObject({
      title: "Exposure coach v3",
      owner: "Ada",
      prompt: "You are a calm exposure coach.",
      is_test: true,
    });
    expect(((await screen.findByLabelText("Title")) as HTMLInputElement).value).toBe("");
  });

  it("a 500 answer says the record was not saved", async () => {
    vi.stubGlobal("fetch", async () => json({ message: "boom" }, 500));
    renderSignedIn(<InputPromptPage />, { user: admin });
    await fill("Exposure coach v3", "You are a calm exposure coach.");
    expect(
      await screen.findByText("Database operation failed. The record was not saved to the database."),
    ).toBeTruthy();
  });
});

describe("Create Prompt timeouts", () => {
  it("gives up after 5 seconds with the database timeout text", async () => {
    vi.stubGlobal(
      "fetch",
      (_path: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    renderSignedIn(<InputPromptPage />, { user: admin });
    const started = Date.now();
    await fill("Exposure coach v3", "You are a calm exposure coach.");
    expect(await screen.findByText(/^Database timeout: \.\.\./, {}, { timeout: 8000 })).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  });
});
