import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderCountingCommits } from "@/test/render.tsx";
import { ConfirmDialog } from "./alert-dialog.tsx";
import { Button } from "./button.tsx";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "./dialog.tsx";

afterEach(cleanup);

/** A screen with the closed dialogs a screen holds: one opened by its trigger, one by state. */
function Screen() {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Dialog>
        <DialogTrigger asChild>
          <Button>Add</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Add Homework Assignment</DialogTitle>
        </DialogContent>
      </Dialog>
      <Button onClick={() => setConfirming(true)}>Delete</Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this homework?"
        onConfirm={() => {}}
      />
    </>
  );
}

describe("Dialogs", () => {
  it("cost the screen that holds them closed no second render when it mounts", async () => {
    // A closed Radix dialog used to ask for a synchronous re-render from its layout effect, which
    // made React run the whole screen's effects in the same task as its first commit.
    expect(await renderCountingCommits(<Screen />)).toEqual(["mount"]);
  });

  it("open by their trigger or their state, close, and open again", async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.getByRole("dialog", { name: "Add Homework Assignment" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.getByRole("dialog", { name: "Add Homework Assignment" })).toBeTruthy();
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(screen.getByRole("alertdialog", { name: "Delete this homework?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete" }));
  });
});
