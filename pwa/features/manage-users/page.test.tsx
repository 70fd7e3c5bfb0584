import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import ManageUsersPage from "./page.tsx";

const admin = userOf("admin");
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const row = (username: string, role = "clinician") => ({
  id: username,
  username,
  first_name: "Cleo",
  last_name: "Chen",
  role,
  must_change_password: false,
});

afterEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe("Manage Users page", () => {
  it("lists users with their role badge, and says no users found when there are none", async () => {
    vi.stubGlobal("fetch", async () => json([row("cleo@clinic.test"), row(admin.username, "admin")]));
    renderSignedIn(<ManageUsersPage />, { user: admin });
    expect(await screen.findByText("cleo@clinic.test")).toBeTruthy();
    expect(screen.getByText("Clinician")).toBeTruthy();
    expect(screen.getByText("Admin")).toBeTruthy();
    cleanup();

    vi.stubGlobal("fetch", async () => json([]));
    renderSignedIn(<ManageUsersPage />, { user: admin });
    expect(await screen.findByText("no users found")).toBeTruthy();
  });

  it("Add User checks the e-mail with the spec's messages, then creates the account", async () => {
    const fetch = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === "POST" ? json(row("new@clinic.test"), 201) : json([]),
    );
    vi.stubGlobal("fetch", fetch);
    renderSignedIn(<ManageUsersPage />, { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add User" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/initial password is the user's email address/)).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Add User" }));
    expect(await within(dialog).findByText("Username is required")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Email"), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Add User" }));
    expect(await within(dialog).findByText("Username must be a valid email address")).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toEqual([]);

    await user.clear(within(dialog).getByLabelText("Email"));
    await user.type(within(dialog).getByLabelText("Email"), "new@clinic.test");
    await user.type(within(dialog).getByLabelText("First name"), "Nia");
    await user.click(within(dialog).getByRole("button", { name: "Add User" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST") as [string, RequestInit];
    expect(post[0]).toBe("/api/admin/users");
    expect(JSON.parse(String(post[1].body))).toEqual({
      username: "new@clinic.test",
      first_name: "Nia",
      last_name: "",
      role: "clinician",
    });
  });
});
