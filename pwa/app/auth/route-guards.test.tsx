import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { holdSessionLookup, json } from "@/test/held-lookup.ts";
import { userOf } from "@/test/rows.ts";

const clinician = userOf("clinician");
const answerLookup = holdSessionLookup();

/** Opens /patients behind the signed-in guard, with the signed-in providers ready. */
async function openPatients() {
  const { AuthProvider } = await import("@/shared/auth/auth-context.tsx");
  const { RequireUser, SignedInProvidersReady } = await import("./route-guards.tsx");
  render(
    <AuthProvider>
      <SignedInProvidersReady.Provider value={true}>
        <MemoryRouter initialEntries={["/patients"]}>
          <Routes>
            <Route element={<RequireUser />}>
              <Route path="/patients" element={<p>Patients screen</p>} />
            </Route>
            <Route path="/auth" element={<p>Sign-in screen</p>} />
          </Routes>
        </MemoryRouter>
      </SignedInProvidersReady.Provider>
    </AuthProvider>,
  );
}

describe("a signed-in page as the app opens", () => {
  it("on a device nobody signed in on, waits for the session lookup: no sign-in page before it answers", async () => {
    await openPatients();
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(screen.queryByText("Sign-in screen")).toBeNull();

    answerLookup(json(clinician));
    expect(await screen.findByText("Patients screen")).toBeTruthy();
  });

  it("on a device someone signed in on, shows at once, before the lookup answers", async () => {
    localStorage.setItem("stepwise.user", JSON.stringify(clinician));
    await openPatients();
    expect(await screen.findByText("Patients screen")).toBeTruthy();

    // The server no longer knows the session: signed out, to the sign-in page.
    answerLookup(json({ message: "Not signed in" }, 401));
    expect(await screen.findByText("Sign-in screen")).toBeTruthy();
  });
});
