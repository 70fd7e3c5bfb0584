import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import { AdminMenu } from "./admin-menu.tsx";

const admin = userOf("admin");

afterEach(cleanup);

describe("Admin Dashboard menu", () => {
  it("marks the admin page on screen as the current page", async () => {
    renderSignedIn(<AdminMenu />, { user: admin, path: "/admin/prompt-history" });
    const user = userEvent.setup();
    (await screen.findByRole("button", { name: "Admin Dashboard" })).focus();
    await user.keyboard("{Enter}");
    const current = await screen.findByRole("menuitem", { name: "Prompt History" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.className).toContain("text-primary");
    const other = screen.getByRole("menuitem", { name: "Manage Users" });
    expect(other.hasAttribute("aria-current")).toBe(false);
    expect(other.className).not.toContain("text-primary");
  });

  it("marks nothing on a page outside the menu", async () => {
    renderSignedIn(<AdminMenu />, { user: admin, path: "/chat-history" });
    const user = userEvent.setup();
    (await screen.findByRole("button", { name: "Admin Dashboard" })).focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("menuitem", { name: "Prompt History" });
    expect(document.querySelector("[aria-current]")).toBeNull();
  });
});
