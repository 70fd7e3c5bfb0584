import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import AgentKeysPage from "./page.tsx";

const admin = userOf("admin");
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const listed = {
  id: "k1",
  name: "Voice agent",
  created_at: "2025-01-05T13:04:05Z",
  last_used_at: null,
  revoked_at: null,
};

afterEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe("Agent Keys page", () => {
  it("lists keys with Never for an unused one, and shows a new key once with a warning and a copy button", async () => {
    const fetch = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === "POST"
        ? json({ id: "k2", name: "Night agent", key: "sk_stepwise_secret", created_at: "2025-01-06T00:00:00Z" }, 201)
        : json([listed]),
    );
    vi.stubGlobal("fetch", fetch);
    renderSignedIn(<AgentKeysPage />, { user: admin });
    expect(await screen.findByText("Voice agent")).toBeTruthy();
    expect(screen.getByText("Never")).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Create Key" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Create Key" }));
    expect(await within(dialog).findByText("Name is required (at most 100 characters)")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Name"), "Night agent");
    await user.click(within(dialog).getByRole("button", { name: "Create Key" }));

    expect(((await within(dialog).findByLabelText("Agent key")) as HTMLInputElement).value).toBe("sk_stepwise_secret");
    expect(within(dialog).getByText(/It will not be shown again/)).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Copy agent key" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText("sk_stepwise_secret")).toBeNull());
    expect(screen.queryByDisplayValue("sk_stepwise_secret")).toBeNull();
  });

  it("revokes a key after confirmation", async () => {
    const fetch = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === "DELETE" ? json({ ...listed, revoked_at: "2025-01-07T00:00:00Z" }) : json([listed]),
    );
    vi.stubGlobal("fetch", fetch);
    renderSignedIn(<AgentKeysPage />, { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke Voice agent" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([path, init]) => path === "/api/admin/agent-keys/k1" && init?.method === "DELETE"),
      ).toBe(true),
    );
  });
});
