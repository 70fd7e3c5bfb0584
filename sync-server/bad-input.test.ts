import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const routes: [string, string][] = [
  ["POST", "/api/login"],
  ["POST", "/api/register"],
  ["POST", "/api/send-invitation"],
  ["GET", "/api/invitations/%00%ff"],
  ["POST", "/api/admin/users"],
  ["PATCH", "/api/admin/users/x"],
  ["POST", "/api/admin/users/x/reset-password"],
  ["PATCH", "/api/user/profile"],
  ["POST", "/api/user/change-password"],
  ["GET", "/api/admin/user-activity?startDate=zz&userId=%00&limit=-1&offset=abc"],
  ["GET", "/api/patients/clinician/%00"],
  ["POST", "/api/patients"],
  ["PUT", "/api/patients/x"],
  ["DELETE", "/api/patients/%00"],
  ["GET", "/api/homework/patient/%00"],
  ["POST", "/api/homework"],
  ["PUT", "/api/homework/x"],
  ["DELETE", "/api/homework/x"],
  ["GET", "/api/conversations?startDate=x&limit=abc&search=%00"],
  ["GET", "/api/conversations/patient/%00/conversations?startDate=bad"],
  ["DELETE", "/api/conversations/patient/%00?dryRun=maybe"],
  ["GET", "/api/prompt-history/%00"],
  ["POST", "/api/prompt-history"],
  ["POST", "/api/prompt-history/set-current"],
  ["POST", "/api/prompt-history/set-test"],
  ["DELETE", "/api/prompt-history/%00"],
  ["GET", "/api/conversation-summaries/%00"],
  ["POST", "/api/conversation-summaries"],
  ["PATCH", "/api/conversation-summaries/x"],
  ["DELETE", "/api/conversation-summaries/x"],
  ["POST", "/api/conversation-summaries/%00/safety-review"],
  ["POST", "/api/admin/agent-keys"],
  ["DELETE", "/api/admin/agent-keys/%00"],
  ["GET", "/api/sync/pull?cursor=%00%00&limit=abc"],
  ["GET", "/api/sync/pull?cursor=eyJ4IjoiYWJjIn0"],
  // Well-formed queries whose only fault is a NUL character, which PostgreSQL refuses to store or compare.
  ["GET", "/api/conversations?search=%00&patientName=%00&conversationId=%00"],
  ["GET", "/api/admin/user-activity?userId=%00"],
  // Last: it signs the client out, and every route above must also be tried signed in.
  ["POST", "/api/logout"],
];
const bodies = [
  JSON.stringify({
    first_name: "A",
    last_name: "B",
    age: 1e12,
    gender: "male",
    username: "x",
    patientName: "x",
    exposurePractice: "y",
    frequency: "every day",
    roundNumber: 1e15,
    roundDuration: "99999999999999 minutes",
    title: "hello",
    owner: "o",
    prompt: "0123456789abc",
    id: "s",
    started_at: "2025-02-30T00:00:00Z",
    expected_round_duration: 1e308,
  }),
  "{",
  "[]",
  "null",
  "42",
  '"str"',
  JSON.stringify({
    id: {},
    username: 5,
    password: [],
    first_name: null,
    age: "x",
    gender: 7,
    patientName: {},
    exposurePractice: 1,
    roundNumber: "abc",
    promptId: [],
    title: 1,
    prompt: {},
    conversation_id: 3,
    is_completed: "yes",
    expected_peak_suds: "many",
    started_at: "nope",
    role: "root",
    name: {},
  }),
  JSON.stringify({ username: `${"a".repeat(5000)}@x.com`, password: "p".repeat(100000) }),
  // Otherwise valid values carrying a NUL character.
  JSON.stringify({
    email: "nul@example.com",
    customMessage: "a\u0000b",
    username: "nul@example.com",
    first_name: "A\u0000",
    last_name: "B",
    age: 14,
    gender: "male",
    patientName: "p\u0000",
    exposurePractice: "x\u0000",
    frequency: "every day",
    id: "prompt-\u0000",
    promptId: "p\u0000",
    title: "hello\u0000",
    owner: "o",
    prompt: "0123456789\u0000",
    patient_name: "p\u0000",
    summary: "s\u0000",
    name: "key\u0000",
  }),
];

// Every endpoint, every role, with malformed, mistyped and absurd bodies: a 4xx, never a 500.
it("no endpoint answers 500 to bad input, for any role", async () => {
  const clients = [t.anonymous(), await t.as("clinician"), await t.as("admin")];
  const bad: string[] = [];
  for (const c of clients)
    for (const [m, p] of routes)
      for (const b of m === "GET" || m === "DELETE" ? [undefined] : bodies) {
        const r = await c.request(m, p, b);
        if (r.status >= 500) bad.push(`${m} ${p} ${String(b).slice(0, 40)} → ${r.status} ${JSON.stringify(r.body)}`);
      }
  const admin = clients[2];
  const key = (await admin.post("/api/admin/agent-keys", { name: "bad input" })).body.key;
  for (const [m, p] of [
    ["POST", "/api/agent/messages"],
    ["PUT", "/api/agent/conversation-summaries/x"],
    ["GET", "/api/agent/prompt?kind=zz"],
  ] as const) {
    for (const b of [
      ...bodies,
      JSON.stringify([
        {
          conversation_id: "c",
          patient_name: "nobody",
          data_type: "user",
          serial_num: 1e12,
          data: "x",
          timestamp: "2025-13-45",
        },
      ]),
      JSON.stringify({ expected_peak_suds: 1e12, started_at: "10000-01-01" }),
    ]) {
      const r = await t.anonymous().request(m, p, m === "GET" ? undefined : b, { authorization: `Bearer ${key}` });
      if (r.status >= 500) bad.push(`${m} ${p} ${b.slice(0, 60)} → ${r.status} ${JSON.stringify(r.body)}`);
    }
  }
  for (const [m, p] of [
    ["POST", "/api/agent/messages"],
    ["PUT", "/api/agent/conversation-summaries/x"],
    ["GET", "/api/agent/prompt?kind=zz"],
  ] as const) {
    for (const b of bodies) {
      const r = await t.anonymous().request(m, p, m === "GET" ? undefined : b, { authorization: "Bearer %00" });
      if (r.status >= 500) bad.push(`${m} ${p} → ${r.status}`);
    }
  }
  expect(bad).toEqual([]);
}, 300_000);
