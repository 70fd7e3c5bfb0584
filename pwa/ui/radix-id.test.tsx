import { act, cleanup, render } from "@testing-library/react";
import { startTransition, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderCountingCommits } from "@/test/render.tsx";
import { ConfirmDialog } from "./alert-dialog.tsx";
import { Dialog, DialogContent, DialogTitle } from "./dialog.tsx";
import { Tabs, TabsList, TabsTrigger } from "./tabs.tsx";

afterEach(cleanup);

let showRows: (rows: number) => void = () => {};

/** A screen holding Radix parts that take ids (a dialog, a confirmation, tabs) and rows that arrive later. */
function Screen() {
  const [rows, setRows] = useState(0);
  showRows = setRows;
  return (
    <>
      <Tabs defaultValue="login">
        <TabsList>
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
      </Tabs>
      <Dialog>
        <DialogContent>
          <DialogTitle>Add Homework Assignment</DialogTitle>
        </DialogContent>
      </Dialog>
      <ConfirmDialog open={false} onOpenChange={() => {}} title="Delete this homework?" onConfirm={() => {}} />
      <p>{rows} rows</p>
    </>
  );
}

describe("Radix ids", () => {
  it("cost a screen no extra synchronous render when its rows arrive in a transition", async () => {
    // Radix's own useId set its id again from a layout effect; React kept that update at the urgent
    // priority and, at the screen's next transition, rendered once more synchronously after the
    // commit, running all the screen's effects in the commit's task.
    const commits = await renderCountingCommits(<Screen />);
    commits.length = 0;
    await act(async () => startTransition(() => showRows(20)));
    expect(commits).toEqual(["update"]);
  });

  it("tie each part to its label as before", async () => {
    await act(async () => {
      render(<Screen />);
    });
    const tab = document.querySelector('[role="tab"]');
    const panelId = tab?.getAttribute("aria-controls");
    expect(panelId).toMatch(/^radix-/);
    expect(tab?.id).toMatch(/^radix-/);
    expect(tab?.id).not.toBe(panelId);
  });
});
