import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getSession } from "@/shared/auth/session-api.ts";
import { renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import { ProfileForm } from "./profile-form.tsx";

afterEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

const answering = (body: unknown) =>
  vi.stubGlobal(
    "fetch",
    async () => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }),
  );

async function rename(lastName: string) {
  const me = userOf("clinician", { last_name: "Ames" });
  renderSignedIn(<ProfileForm user={me} />, { user: me });
  const user = userEvent.setup();
  const field = await screen.findByLabelText("Last name");
  await user.clear(field);
  await user.type(field, lastName);
  await user.click(screen.getByRole("button", { name: "Update Profile" }));
  return me;
}

describe("Profile Information form", () => {
  it("the server's answer becomes the signed-in user", async () => {
    const me = userOf("clinician", { last_name: "Ames" });
    answering({ ...me, last_name: "Brook" });
    await rename("Brook");
    expect(await screen.findByText("Your profile information has been saved.")).toBeTruthy();
    await waitFor(() => expect(getSession().user?.last_name).toBe("Brook"));
  });

  it("an answer that is not a user changes no one and says it could not be read", async () => {
    // A role the app does not know: taken as is, it would leave the app's screens guessing.
    const me = userOf("clinician", { last_name: "Ames" });
    answering({ ...me, last_name: "Brook", role: "superuser" });
    await rename("Brook");
    expect(await screen.findByText(/The server sent an answer this app cannot read/)).toBeTruthy();
    expect(getSession().user?.last_name).toBe("Ames");
    expect(getSession().user?.role).toBe("clinician");
  });
});
