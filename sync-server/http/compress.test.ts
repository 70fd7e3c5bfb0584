import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestContext, type TestContext } from "../test/harness.ts";

let t: TestContext;
let clinician: Client;
let plainPage: string;
beforeAll(async () => {
  t = await createTestContext();
  clinician = await t.as("clinician");
  // Enough patients that the device's first pull page is several kilobytes of JSON.
  for (let i = 0; i < 30; i++) {
    const res = await clinician.post("/api/patients", {
      first_name: `Pat${i}`,
      last_name: "Ient",
      age: 15,
      gender: "female",
    });
    expect(res.status).toBe(201);
  }
  plainPage = await (await pull()).text();
});
afterAll(() => t.close());

/** The device's pull, as the browser sends it: with its session and its Accept-Encoding. */
const pull = (acceptEncoding?: string) =>
  t.app.request("http://localhost/api/sync/pull?cursor=", {
    headers: { cookie: clinician.cookie ?? "", ...(acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {}) },
  });

describe("compressed API answers", () => {
  it("a pull page is brotli- or gzip-compressed when the client accepts it", async () => {
    expect(plainPage.length).toBeGreaterThan(4096);
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
      ["br;q=0.5, gzip", "gzip", gunzipSync],
      ["*", "br", brotliDecompressSync],
    ] as const) {
      const res = await pull(accept);
      expect(res.status, accept).toBe(200);
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      expect(res.headers.get("vary"), accept).toMatch(/accept-encoding/i);
      expect(res.headers.get("cache-control"), accept).toBe("no-store");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length, accept).toBeLessThan(plainPage.length / 3);
      // Same rows as the plain page (the cursor may differ between two pulls of a live database).
      const { cursor: _c, ...rows } = JSON.parse(decode(bytes).toString());
      const { cursor: _p, ...plainRows } = JSON.parse(plainPage);
      expect(rows, accept).toEqual(plainRows);
    }
  });

  it("is plain JSON, marked as varying, when the client accepts no compression", async () => {
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0", "deflate"]) {
      const res = await pull(accept);
      expect(res.headers.get("content-encoding"), accept).toBeNull();
      expect(res.headers.get("vary"), accept).toMatch(/accept-encoding/i);
      expect(JSON.parse(await res.text()).hasMore, accept).toBe(false);
    }
  });

  it("a small answer is sent as it is", async () => {
    const res = await t.app.request("http://localhost/api/config", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toHaveProperty("supportEmail");
  });

  it("the idempotency store keeps the plain answer and a replay is compressed again", async () => {
    const patient = await clinician.post("/api/patients", {
      first_name: "Hw",
      last_name: "Owner",
      age: 15,
      gender: "female",
    });
    const homework = {
      patientName: patient.body.username,
      exposurePractice: "Say hello ".repeat(300),
      frequency: "once a week",
    };
    const send = () =>
      t.app.request("http://localhost/api/homework", {
        method: "POST",
        headers: {
          cookie: clinician.cookie ?? "",
          "Accept-Encoding": "gzip",
          "Idempotency-Key": "compress-replay",
          "content-type": "application/json",
        },
        body: JSON.stringify(homework),
      });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    for (const res of [first, again]) expect(res.headers.get("content-encoding")).toBe("gzip");
    const [a, b] = await Promise.all([first, again].map(async (r) => gunzipSync(Buffer.from(await r.arrayBuffer()))));
    expect(JSON.parse(b.toString())).toEqual(JSON.parse(a.toString()));
    const [stored] = await t.sql`SELECT body FROM idempotency_keys WHERE key = 'compress-replay'`;
    expect(stored.body).toMatchObject({ exposurePractice: homework.exposurePractice.trim() });
  });
});
