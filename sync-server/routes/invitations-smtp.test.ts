import { messages } from "@schema/messages.ts";
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

describe("invitations by e-mail", () => {
  it("sends the invitee an e-mail with the link and the admin's message", async () => {
    const admin = await t.as("admin", { first_name: "Alex", last_name: "Morgan" });
    const res = await admin.post("/api/send-invitation", {
      email: "new.clinician@clinic.test",
      customMessage: "Looking forward to working with you on the Tuesday group.",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Invitation sent",
      token: expect.any(String),
      delivery: "email",
    });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["new.clinician@clinic.test"]);
    expect(mail.from).toBe("no-reply@stepwise.test");
    const body = decodeMail(mail.raw);
    expect(body).toMatch(/^Subject: You're invited to Stepwise/m);
    expect(body).toContain(`https://stepwise.clinic.test/auth?token=${res.body.token}`);
    expect(body).toContain("Looking forward to working with you on the Tuesday group.");
    expect(body).toContain("Alex Morgan");
    expect(body).toContain("text/html");

    const check = await t.anonymous().get(`/api/invitations/${res.body.token}`);
    expect(check.body).toEqual({ valid: true, email: "new.clinician@clinic.test" });
  });

  it("escapes the custom message in the HTML part", async () => {
    const admin = await t.as("admin");
    const res = await admin.post("/api/send-invitation", { email: "html@clinic.test", customMessage: "<b>hi</b>" });
    expect(res.body.success).toBe(true);
    const body = decodeMail(smtp.received.at(-1)!.raw);
    expect(body).toContain("&#60;b&#62;hi&#60;/b&#62;");
    expect(body).not.toContain("<b>hi</b></blockquote>");
  });

  it("when the mail server refuses, still answers 200 with the token and the e-mail service message", async () => {
    t.deps.mailer = smtpMailer(refusing.url, "Stepwise <no-reply@stepwise.test>");
    try {
      const admin = await t.as("admin");
      const res = await admin.post("/api/send-invitation", { email: "refused@clinic.test" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: false,
        message: messages.invitation.emailService,
        token: expect.any(String),
        delivery: "manual_link",
      });
      expect(refusing.received).toHaveLength(0);
      const check = await t.anonymous().get(`/api/invitations/${res.body.token}`);
      expect(check.body).toEqual({ valid: true, email: "refused@clinic.test" });
    } finally {
      t.deps.mailer = smtpMailer(smtp.url, "Stepwise <no-reply@stepwise.test>");
    }
  });
});
