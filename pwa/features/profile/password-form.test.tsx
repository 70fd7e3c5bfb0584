import { messages } from "@schema/messages.ts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import { PasswordForm } from "./password-form.tsx";

afterEach(cleanup);

describe("Change Password form", () => {
  it("the confirmation needs at least 6 characters too, like the current and new password", async () => {
    renderSignedIn(<PasswordForm />, { user: userOf("clinician") });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Current password"), "secret-1");
    await user.type(screen.getByLabelText("New password"), "another-pass");
    await user.type(screen.getByLabelText("Confirm password"), "abc");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText(messages.validation.changePasswordMin)).toBeTruthy();
    expect(screen.queryByText(messages.validation.passwordsDontMatch)).toBeNull();
  });

  it("a confirmation that differs from the new password says Passwords don't match", async () => {
    renderSignedIn(<PasswordForm />, { user: userOf("clinician") });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Current password"), "secret-1");
    await user.type(screen.getByLabelText("New password"), "another-pass");
    await user.type(screen.getByLabelText("Confirm password"), "another-pasz");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText(messages.validation.passwordsDontMatch)).toBeTruthy();
  });
});
