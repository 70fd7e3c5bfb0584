import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { holdSessionLookup, json } from "@/test/held-lookup.ts";
import { userOf } from "@/test/rows.ts";

const clinician = userOf("clinician");
const answerLookup = holdSessionLookup();

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

  it("on a device someone signed in on, goes on to their screens without waiting for the lookup", async () => {
    localStorage.setItem("stepwise.user", JSON.stringify(clinician));
    await openSignIn();
    expect(await screen.findByText("Chat History screen")).toBeTruthy();

    // The server no longer knows the session: the lookup's answer signs them out.
    answerLookup(json({ message: "Not signed in" }, 401));
    await waitFor(() => expect(localStorage.getItem("stepwise.user")).toBeNull());
  });
});
