import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderCountingCommits } from "@/test/render.tsx";
import { Button } from "./button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./dropdown-menu.tsx";

afterEach(cleanup);

function AccountMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>Account</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem>Profile</DropdownMenuItem>
        <DropdownMenuItem>Logout</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Radix's own button, once the menu's parts mounted, carries the id its menu points back to. */
const mounted = () => waitFor(() => expect(screen.getByRole("button", { name: "Account" }).id).not.toBe(""));

describe("Dropdown menus", () => {
  it("cost the screen that holds them no second render when it mounts", async () => {
    // Radix's anchor and its closed content each asked for a synchronous re-render from the commit,
    // which made React run the whole screen's effects in the same task as its first commit.
    expect(await renderCountingCommits(<AccountMenu />)).toEqual(["mount"]);
  });

  it("open at a tap on their button before their parts mounted, and close", async () => {
    const user = userEvent.setup();
    render(<AccountMenu />);
    const button = screen.getByRole("button", { name: "Account" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    expect(screen.getByRole("menuitem", { name: "Profile" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Account", hidden: true }).getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Account" }));
  });

  it("open at a key on their focused button before their parts mounted", async () => {
    const user = userEvent.setup();
    render(<AccountMenu />);
    await user.tab();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("menuitem", { name: "Profile" })).toBeTruthy();
  });

  it("keep the focus on their button when their parts mount, and open from there as Radix menus do", async () => {
    const user = userEvent.setup();
    render(<AccountMenu />);
    await user.tab();
    await mounted();
    const button = screen.getByRole("button", { name: "Account" });
    expect(document.activeElement).toBe(button);
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Profile" })));
    await user.keyboard("{Escape}");
    expect(document.activeElement).toBe(button);
  });
});
