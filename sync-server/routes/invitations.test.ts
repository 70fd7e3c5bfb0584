import { accountMessages } from "@schema/auth.ts";
import { INVITATION_TTL_DAYS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../auth/tokens.ts";
import { ADMIN_ONLY, NOT_SIGNED_IN } from "../http/session.ts";
import { type Client, createTestContext, type TestContext } from "../test/harness.ts";

let t: TestContext;
let admin: Client;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin");
});

// A test below moves the clock past every session's idle time, so later tests sign in afresh.
afterAll(() => t.close());

let counter = 0;
const newEmail = () => `invitee${++counter}@clinic.test`;

async function invite(email = newEmail()) {
  const res = await (await t.as("admin")).post("/api/send-invitation", { email, customMessage: "Welcome aboard" });
  expect(res.status).toBe(200);
  return { email, token: res.body.token as string };
}

const registration = (token: string, username: string) => ({
  token,
  username,
  password: "secret-pass",
  first_name: "Dana",
  last_name: "Reyes",
});

describe("POST /api/send-invitation", () => {
  it("is refused to anonymous callers and clinicians", async () => {
    const anon = await t.anonymous().post("/api/send-invitation", { email: newEmail() });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe(NOT_SIGNED_IN);
    const clinician = await (await t.as("clinician")).post("/api/send-invitation", { email: newEmail() });
    expect(clinician.status).toBe(403);
    expect(clinician.body.message).toBe(ADMIN_ONLY);
    const [{ n }] = await t.sql`SELECT count(*)::int AS n FROM invitations`;
    expect(n).toBe(0);
  });

  it("without an e-mail service, hands the admin the token with the spec's e-mail service message", async () => {
    const email = newEmail();
    const res = await admin.post("/api/send-invitation", { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      message: messages.invitation.emailService,
      token: expect.any(String),
      delivery: "manual_link",
    });
    expect(res.body.message).toContain("Email service");
    expect(res.body.token.length).toBeGreaterThanOrEqual(24);
  });

  it("stores only the token's hash, bound to the e-mail, valid for 7 days", async () => {
    const { email, token } = await invite();
    const rows = await t.sql`SELECT * FROM invitations WHERE email = ${email}`;
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    expect(row.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.custom_message).toBe("Welcome aboard");
    const ttl = (row.expires_at as Date).getTime() - (row.created_at as Date).getTime();
    expect(ttl).toBe(INVITATION_TTL_DAYS * 86_400_000);
  });

  it("checks the e-mail with the spec's message", async () => {
    for (const email of ["", "not-an-email", undefined]) {
      const res = await admin.post("/api/send-invitation", { email });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please enter a valid email address");
    }
  });

  it("refuses to invite an e-mail that already has an account", async () => {
    const user = await t.createUser();
    const res = await admin.post("/api/send-invitation", { email: user.username.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(accountMessages.accountExists);
  });

  it("refuses to invite the e-mail of a deleted account, which registration could never use", async () => {
    const gone = await t.createUser();
    await t.sql`UPDATE user_clinician SET role = 'delete' WHERE id = ${gone.id}`;
    const res = await admin.post("/api/send-invitation", { email: gone.username.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(accountMessages.invitationDeletedAccount);
    expect(await t.sql`SELECT 1 FROM invitations WHERE lower(email) = lower(${gone.username})`).toHaveLength(0);
    // Adding the user again is the way back.
    expect((await admin.post("/api/admin/users", { username: gone.username })).status).toBe(201);
  });
});

describe("GET /api/invitations/:token", () => {
  it("tells anyone whether a token is valid and for which e-mail", async () => {
    const { email, token } = await invite();
    const res = await t.anonymous().get(`/api/invitations/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true, email });
  });

  it("answers 404 for an unknown token", async () => {
    const res = await t.anonymous().get("/api/invitations/nosuchtoken");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: "This invitation link is invalid or has expired." });
  });
});

describe("POST /api/register", () => {
  it("creates a clinician, uses up the token and signs them in", async () => {
    const { email, token } = await invite();
    const client = t.anonymous();
    const res = await client.post("/api/register", registration(token, email.toUpperCase()));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: email.toUpperCase(), first_name: "Dana", last_name: "Reyes" });
    expect(res.body).toMatchObject({ role: "clinician", must_change_password: false });
    expect((await client.get("/api/user")).body.id).toBe(res.body.id);

    const [invitation] = await t.sql`SELECT used_at FROM invitations WHERE token_hash = ${sha256Hex(token)}`;
    expect(invitation?.used_at).toBeInstanceOf(Date);
    expect((await t.anonymous().get(`/api/invitations/${token}`)).status).toBe(404);

    const again = await t.anonymous().post("/api/register", registration(token, email));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(accountMessages.invitationUsed);
  });

  it("checks the form with the spec's messages", async () => {
    const { email, token } = await invite();
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: "  " }, "First name is required."],
      [{ last_name: undefined }, "Last name is required."],
      [{ username: "dana" }, "Please enter a valid email address."],
      [{ password: "12345" }, "Password must be at least 6 characters."],
    ];
    for (const [change, message] of cases) {
      const res = await t.anonymous().post("/api/register", { ...registration(token, email), ...change });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("refuses an unknown token, another e-mail, and an expired token", async () => {
    const anon = t.anonymous();
    const unknown = await anon.post("/api/register", registration("made-up-token", newEmail()));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(accountMessages.invitationInvalid);

    const { email, token } = await invite();
    const other = await anon.post("/api/register", registration(token, newEmail()));
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(accountMessages.invitationOtherEmail);

    t.advanceClock(INVITATION_TTL_DAYS * 86_400_000 + 60_000);
    const expired = await anon.post("/api/register", registration(token, email));
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(accountMessages.invitationInvalid);
    expect((await anon.get(`/api/invitations/${token}`)).status).toBe(404);
    const [{ n }] = await t.sql`SELECT count(*)::int AS n FROM user_clinician WHERE lower(username) = ${email}`;
    expect(n).toBe(0);
  });

  it("answers 409 when the e-mail already has an account, and leaves the token unused", async () => {
    const { email, token } = await invite();
    await t.createUser({ username: email });
    const res = await t.anonymous().post("/api/register", registration(token, email));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("An account with this email already exists");
    const [invitation] = await t.sql`SELECT used_at FROM invitations WHERE token_hash = ${sha256Hex(token)}`;
    expect(invitation?.used_at).toBeNull();
  });

  it("lets only one of two simultaneous registrations use a token", async () => {
    const { email, token } = await invite();
    const results = await Promise.all([
      t.anonymous().post("/api/register", registration(token, email)),
      t.anonymous().post("/api/register", { ...registration(token, email), first_name: "Other" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    const [{ n }] = await t.sql`SELECT count(*)::int AS n FROM user_clinician WHERE lower(username) = ${email}`;
    expect(n).toBe(1);
  });

  it.each(["clinician", "admin"] as const)(
    "a signed-in %s registering gets the new account's session",
    async (role) => {
      const { email, token } = await invite();
      const client = await t.as(role);
      const res = await client.post("/api/register", registration(token, email));
      expect(res.status).toBe(201);
      expect((await client.get("/api/user")).body.username).toBe(email);
    },
  );
});
