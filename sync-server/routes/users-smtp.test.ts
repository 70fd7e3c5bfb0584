import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "../mail.ts";
import { createTestContext, type TestContext } from "../test/harness.ts";
import { decodeMail, startSmtp } from "../test/smtp.ts";

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let refusing: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  refusing = await startSmtp(true);
  t = await createTestContext({
    mailer: smtpMailer(smtp.url, "Stepwise <no-reply@stepwise.test>"),
    config: { publicOrigin: "https://stepwise.clinic.test" },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await refusing.close();
});

describe("one-time passwords by e-mail", () => {
  it("a new account's one-time password goes to the user too, with the sign-in link", async () => {
    const admin = await t.as("admin", { first_name: "Alex", last_name: "Morgan" });
    const res = await admin.post("/api/admin/users", { username: "new.staff@clinic.test", role: "clinician" });
    expect(res.status).toBe(201);
    expect(res.body.email_sent).toBe(true);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(["new.staff@clinic.test"]);
    const body = decodeMail(mail.raw);
    expect(body).toMatch(/^Subject: Your Stepwise account/m);
    expect(body).toContain(res.body.initial_password);
    expect(body).toContain("https://stepwise.clinic.test/auth");
    expect(body).toContain("Alex Morgan");
    expect(body).toContain("24 hours");
  });

  it("a reset's one-time password is e-mailed; a refusing mail server leaves it to the admin", async () => {
    const admin = await t.as("admin");
    const user = await t.createUser();
    const reset = await admin.post(`/api/admin/users/${user.id}/reset-password`);
    expect(reset.body.email_sent).toBe(true);
    const body = decodeMail(smtp.received.at(-1)!.raw);
    expect(body).toMatch(/^Subject: Your Stepwise password was reset/m);
    expect(body).toContain(reset.body.initial_password);

    t.deps.mailer = smtpMailer(refusing.url, "Stepwise <no-reply@stepwise.test>");
    try {
      const again = await admin.post(`/api/admin/users/${user.id}/reset-password`);
      expect(again.status).toBe(200);
      expect(again.body.email_sent).toBe(false);
      const login = await t.anonymous().post("/api/login", {
        username: user.username,
        password: again.body.initial_password,
      });
      expect(login.status).toBe(200);
    } finally {
      t.deps.mailer = smtpMailer(smtp.url, "Stepwise <no-reply@stepwise.test>");
    }
  });
});
