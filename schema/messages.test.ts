// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { messages } from "./messages.ts";

// Spec texts that no screen or route shows yet. They stay word for word so the code that will show
// them imports them from here; every other text must be used, or it is dead and goes.
const NOT_SHOWN_YET = new Set([
  // The app reads these lists from the device store: the sync status reports a failed pull instead.
  "fetch.homework",
  "fetch.patients",
  "fetch.clinicians",
  "fetch.conversations",
  "fetch.conversationIds",
  "generic.refreshFailedStatus",
]);

const root = fileURLToPath(new URL("..", import.meta.url));
const sources = ["pwa", "schema", "sync-server"].flatMap((dir) =>
  readdirSync(`${root}${dir}`, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test.") && !file.endsWith("messages.ts"))
    .map((file) => readFileSync(`${root}${dir}/${file}`, "utf8")),
);

/** Whether some source file reaches messages.<group> (directly or through an alias) and reads <key>. */
const isUsed = (group: string, key: string) =>
  sources.some(
    (text) =>
      new RegExp(`messages\\s*\\.\\s*${group}\\b`).test(text) &&
      new RegExp(`\\.${key}\\b|\\b${key}\\s*[,}]`).test(text),
  );

describe("the spec texts", () => {
  it("are each shown somewhere, apart from the few listed as not shown yet", () => {
    const unused = Object.entries(messages).flatMap(([group, texts]) =>
      Object.keys(texts)
        .map((key) => `${group}.${key}`)
        .filter((path) => !NOT_SHOWN_YET.has(path) && !isUsed(group, path.split(".")[1])),
    );
    expect(unused).toEqual([]);
  });
});
