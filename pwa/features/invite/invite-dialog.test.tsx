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
    const { user, onOpenChange } = await invite({
      success: false,
      message:
        "Email service is not properly configured. The invitation link has been generated but could not be sent via email.",
      token: "tok-123",
    });
    const dialog = await screen.findByRole("dialog", { name: "Manual Invitation Link" });
    const link = `${window.location.origin}/auth?token=tok-123`;
    expect((within(dialog).getByLabelText("Registration link") as HTMLInputElement).value).toBe(link);
    expect(within(dialog).getByText(/Give this link to new@clinic.test yourself/)).toBeTruthy();
    // The spec's toast still tells of the e-mail problem.
    expect(await screen.findByText("Email Service Configuration Issue")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Copy registration link" }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("closes after a sent invitation and says so", async () => {
    const { onOpenChange } = await invite({ success: true, message: "Invitation sent", token: "tok-1" });
    expect(await screen.findByText("An invitation email has been sent to new@clinic.test")).toBeTruthy();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.queryByLabelText("Registration link")).toBeNull();
  });
});
