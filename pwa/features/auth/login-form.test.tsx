import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "@/shared/auth/auth-context.tsx";
import { getSession, signedOut } from "@/shared/auth/session-api.ts";
import Toaster from "@/ui/toaster.tsx";
import { LoginForm } from "./login-form.tsx";

afterEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe("Login form", () => {
  it("a failed sign-in says the same words beside the form as in its toast", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ message: "Incorrect email or password." }), {
          status: 401,
          headers: { "Content-Type": "application/json" },
        }),
    );
    signedOut();
    render(
      <AuthProvider>
        <LoginForm />
        <Toaster />
      </AuthProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "cleo@clinic.test");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Login" }));

    const inline = await screen.findByRole("alert");
    expect(within(inline).getByText("Login failed")).toBeTruthy();
    expect(within(inline).getByText("Incorrect email or password.")).toBeTruthy();
    const toast = await waitFor(() => {
      const found = document.querySelector("[data-sonner-toast]");
      if (!found) throw new Error("no toast yet");
      return found as HTMLElement;
    });
    expect(within(toast).getByText("Login failed")).toBeTruthy();
    expect(within(toast).getByText("Incorrect email or password.")).toBeTruthy();
  });

  it("a sign-in answer that is not a user signs no one in and says the answer could not be read", async () => {
    // A 200 without the role and the failed-attempts count: a proxy's or an older server's answer.
    const half = { id: "u-1", username: "cleo@clinic.test", first_name: "Cleo", last_name: "Ames" };
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify(half), { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    signedOut();
    render(
      <AuthProvider>
        <LoginForm />
        <Toaster />
      </AuthProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "cleo@clinic.test");
    await user.type(screen.getByLabelText("Password"), "right-password");
    await user.click(screen.getByRole("button", { name: "Login" }));

    const inline = await screen.findByRole("alert");
    expect(within(inline).getByText("Login failed")).toBeTruthy();
    expect(within(inline).getByText(/The server sent an answer this app cannot read/)).toBeTruthy();
    expect(getSession().user).toBeNull();
  });
});
