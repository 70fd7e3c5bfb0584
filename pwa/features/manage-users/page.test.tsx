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

const SECRET = "k7qm2xpa5rtd3wne";
const issued = (username: string) => ({
  ...row(username),
  must_change_password: true,
  initial_password: SECRET,
  email_sent: false,
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
      init?.method === "POST" ? json(issued("new@clinic.test"), 201) : json([]),
    );
    vi.stubGlobal("fetch", fetch);
    renderSignedIn(<ManageUsersPage />, { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add User" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/one-time password once/)).toBeTruthy();

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
    const shown = await screen.findByRole("dialog", { name: "User created" });
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST") as [string, RequestInit];
    expect(post[0]).toBe("/api/admin/users");
    expect(JSON.parse(String(post[1].body))).toEqual({
      username: "new@clinic.test",
      first_name: "Nia",
      last_name: "",
      role: "clinician",
    });

    // The one-time password, once, with a copy button.
    expect((within(shown).getByLabelText("One-time password") as HTMLInputElement).value).toBe(SECRET);
    expect(within(shown).getByText(/not sent by email: give it to them yourself/)).toBeTruthy();
    await user.click(within(shown).getByRole("button", { name: "Copy one-time password" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it("Reset Password shows the new one-time password once, and says when it was e-mailed", async () => {
    const cleo = row("cleo@clinic.test");
    vi.stubGlobal("fetch", async (path: string, init?: RequestInit) =>
      init?.method === "POST" && path.endsWith("/reset-password")
        ? json({ ...issued(cleo.username), email_sent: true })
        : json([cleo]),
    );
    renderSignedIn(<ManageUsersPage />, { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Reset password of cleo@clinic.test" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText(/gets a new one-time password/)).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Reset Password" }));
    const shown = await screen.findByRole("dialog", { name: "Password reset" });
    expect((within(shown).getByLabelText("One-time password") as HTMLInputElement).value).toBe(SECRET);
    expect(within(shown).getByText(/also sent to them by email/)).toBeTruthy();
    expect(within(shown).getByText(/will not be shown again/)).toBeTruthy();
  });

  it("each row's actions say what they do, and the admin's own Delete is disabled with the reason", async () => {
    const me = { ...row(admin.username, "admin"), id: admin.id };
    vi.stubGlobal("fetch", async () => json([row("cleo@clinic.test"), me]));
    renderSignedIn(<ManageUsersPage />, { user: admin });
    const cleo = (await screen.findByText("cleo@clinic.test")).closest("tr") as HTMLElement;
    for (const [words, name] of [
      ["Edit", "Edit cleo@clinic.test"],
      ["Reset password", "Reset password of cleo@clinic.test"],
      ["Delete", "Delete cleo@clinic.test"],
    ]) {
      const button = within(cleo).getByRole("button", { name });
      expect(button.textContent?.trim()).toBe(words);
      expect(button.hasAttribute("disabled")).toBe(false);
    }
    expect(within(cleo).queryByText("You cannot delete your own account.")).toBeNull();

    const mine = within(screen.getByText(admin.username).closest("tr") as HTMLElement);
    const deleteMine = mine.getByRole("button", { name: `Delete ${admin.username}` });
    expect(deleteMine.hasAttribute("disabled")).toBe(true);
    expect(mine.getByText("You cannot delete your own account.")).toBeTruthy();
    expect(deleteMine.getAttribute("aria-describedby")).toBe(mine.getByText("You cannot delete your own account.").id);
  });

  it("shows 50 accounts a page in the server's order, with Previous and Next", async () => {
    const many = Array.from({ length: 120 }, (_, i) => row(`user${String(i + 1).padStart(3, "0")}@clinic.test`));
    vi.stubGlobal("fetch", async () => json(many));
    renderSignedIn(<ManageUsersPage />, { user: admin });
    expect(await screen.findByText("user001@clinic.test")).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(51);
    expect(screen.queryByText("user051@clinic.test")).toBeNull();
    const pages = screen.getByRole("navigation", { name: "User pages" });
    expect(pages.textContent).toContain("Showing 1–50 of 120");
    const user = userEvent.setup();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByText("user120@clinic.test")).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(21);
    expect(pages.textContent).toContain("Showing 101–120 of 120");
    await user.click(within(pages).getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("user051@clinic.test")).toBeTruthy();
  });
});
