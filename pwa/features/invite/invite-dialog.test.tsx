import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import Toaster from "@/ui/toaster.tsx";
import InviteDialog from "./invite-dialog.tsx";

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

async function invite(body: unknown) {
  vi.stubGlobal("fetch", async () => answer(body));
  const onOpenChange = vi.fn();
  render(
    <>
      <InviteDialog open onOpenChange={onOpenChange} />
      <Toaster />
    </>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), "new@clinic.test");
  await user.click(screen.getByRole("button", { name: "Send Invitation" }));
  return { user, onOpenChange };
}

describe("Invite a User dialog", () => {
  it("without e-mail, keeps the registration link with a Copy button until the admin closes it", async () => {
    // The dialog decides on `delivery`, not on the words: a server that words its message otherwise still works.
    const { user, onOpenChange } = await invite({
      success: false,
      message: "The mail server is down; hand the link over yourself.",
      token: "tok-123",
      delivery: "manual_link",
    });
    const dialog = await screen.findByRole("dialog", { name: "Manual Invitation Link" });
    const link = `${window.location.origin}/auth?token=tok-123`;
    expect((within(dialog).getByLabelText("Registration link") as HTMLInputElement).value).toBe(link);
    expect(within(dialog).getByText(/Give this link to new@clinic.test yourself/)).toBeTruthy();
    // The spec's toast still tells of the e-mail problem, in the spec's words.
    expect(await screen.findByText("Email Service Configuration Issue")).toBeTruthy();
    expect(
      screen.getByText(
        "Email service is not properly configured. The invitation link has been generated but could not be sent via email.",
      ),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Copy registration link" }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("closes after a sent invitation and says so", async () => {
    const { onOpenChange } = await invite({
      success: true,
      message: "Invitation sent",
      token: "tok-1",
      delivery: "email",
    });
    expect(await screen.findByText("An invitation email has been sent to new@clinic.test")).toBeTruthy();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.queryByLabelText("Registration link")).toBeNull();
  });

  it("an answer without a delivery is one the app cannot read: it says so and keeps the form", async () => {
    const { onOpenChange } = await invite({ success: true, message: "Invitation sent", token: "tok-1" });
    expect(await screen.findByText("Failed to send invitation")).toBeTruthy();
    expect(screen.getByText(/The server sent an answer this app cannot read/)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("new@clinic.test");
  });
});
