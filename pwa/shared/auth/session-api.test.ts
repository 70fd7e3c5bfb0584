import { afterEach, describe, expect, it, vi } from "vitest";
import { userOf } from "@/test/rows.ts";
import { deviceWasWiped, noteDeviceWiped } from "./device-wiped.ts";
import { rememberUser } from "./last-user.ts";
import { getSession, loadUser, signedIn } from "./session-api.ts";

afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
  );

describe("the session's GET /api/user", () => {
  it("an answer that is not a user signs nobody in, not even the last user on this device", async () => {
    rememberUser(userOf("clinician"));
    answer({ id: "u1", role: "superuser" });
    await loadUser({ force: true });
    expect(getSession().user).toBeNull();
  });

  it("a valid answer is the signed-in user", async () => {
    const user = userOf("admin");
    answer(user);
    await loadUser({ force: true });
    expect(getSession().user).toEqual(user);
  });

  it("a sign-in after the device was wiped clears the sign-in page's notice of the wipe", () => {
    noteDeviceWiped();
    signedIn(userOf("clinician"));
    expect(deviceWasWiped()).toBe(false);
  });
});
