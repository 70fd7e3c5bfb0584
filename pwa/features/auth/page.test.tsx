import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const clinician = {
  id: "u-1",
  username: "cleo@clinic.test",
  first_name: "Cleo",
  last_name: "Ames",
  role: "clinician",
  must_change_password: false,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The server's lookup of the session, held until the test answers it. */
let answerLookup: (answer: Response) => void;

beforeEach(() => {
  // The session is module state: each test starts from a page load's "not looked up yet".
  vi.resetModules();
  vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
    if (String(input).endsWith("/api/user")) return new Promise<Response>((resolve) => (answerLookup = resolve));
    return Promise.resolve(json({ message: "Not found" }, 404));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openSignIn() {
  const { default: AuthPage } = await import("./page.tsx");
  const { AuthProvider } = await import("@/shared/auth/auth-context.tsx");
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={["/auth"]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/chat-history" element={<p>Chat History screen</p>} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

describe("Sign-in page", () => {
  it("on a device nobody signed in on, shows the form before the session lookup answers", async () => {
    await openSignIn();
    expect(await screen.findByLabelText("Email")).toBeTruthy();
    expect(screen.getByText("Sign in to review your patients' practice and homework.")).toBeTruthy();

    // Signed in after all (a session the device forgot): the lookup's answer still leads on.
    answerLookup(json(clinician));
    expect(await screen.findByText("Chat History screen")).toBeTruthy();
  });

  it("on a device someone signed in on, waits for the lookup before showing the form", async () => {
    localStorage.setItem("stepwise.user", JSON.stringify(clinician));
    await openSignIn();
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(screen.queryByLabelText("Email")).toBeNull();

    answerLookup(json({ message: "Not signed in" }, 401));
    expect(await screen.findByLabelText("Email")).toBeTruthy();
  });
});
