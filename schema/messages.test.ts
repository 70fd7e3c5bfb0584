// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { messages } from "./messages.ts";

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
  // A spec text no screen or route shows is dead and goes, with the reason beside its group in messages.ts.
  it("are each shown somewhere", () => {
    const unused = Object.entries(messages).flatMap(([group, texts]) =>
      Object.keys(texts)
        .map((key) => `${group}.${key}`)
        .filter((path) => !isUsed(group, path.split(".")[1])),
    );
    expect(unused).toEqual([]);
  });
});
