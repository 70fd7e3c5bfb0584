import type { Prompt } from "@schema/rows.ts";
import { describe, expect, it } from "vitest";
import { preview, SORT_LABELS, searchPrompts, sortPrompts } from "./prompt-list.ts";

const p = (id: string, title: string, owner: string, created_at: string, prompt = "Guide the patient."): Prompt => ({
  id,
  version: 1,
  updated_at: created_at,
  title,
  owner,
  prompt,
  created_at,
  is_current: false,
  is_test: false,
  conversation_id_list: null,
});

const prompts = [
  p("a", "beta coach", "Zoe", "2025-01-02T00:00:00Z"),
  p("b", "Alpha coach", "adam", "2025-01-03T00:00:00Z", "Ask for SUDS every round."),
  p("c", "Gamma", "Mia", "2025-01-01T00:00:00Z"),
];
const ids = (list: Prompt[]) => list.map((x) => x.id);

describe("prompt list sorting and search", () => {
  it("offers the spec's four sorts and the two owner sorts", () => {
    expect(Object.values(SORT_LABELS).slice(0, 4)).toEqual(["Newest First", "Oldest First", "Title A-Z", "Title Z-A"]);
    expect(Object.keys(SORT_LABELS)).toEqual([
      "date-desc",
      "date-asc",
      "title-asc",
      "title-desc",
      "owner-asc",
      "owner-desc",
    ]);
  });

  it("sorts by date, title and owner in both directions, ignoring letter case", () => {
    expect(ids(sortPrompts(prompts, "date-desc"))).toEqual(["b", "a", "c"]);
    expect(ids(sortPrompts(prompts, "date-asc"))).toEqual(["c", "a", "b"]);
    expect(ids(sortPrompts(prompts, "title-asc"))).toEqual(["b", "a", "c"]);
    expect(ids(sortPrompts(prompts, "title-desc"))).toEqual(["c", "a", "b"]);
    expect(ids(sortPrompts(prompts, "owner-asc"))).toEqual(["b", "c", "a"]);
    expect(ids(sortPrompts(prompts, "owner-desc"))).toEqual(["a", "c", "b"]);
  });

  it("does not reorder the list it was given", () => {
    sortPrompts(prompts, "title-asc");
    expect(ids(prompts)).toEqual(["a", "b", "c"]);
  });

  it("search matches title, content or owner, case-insensitively; blank matches all", () => {
    expect(ids(searchPrompts(prompts, "COACH"))).toEqual(["a", "b"]);
    expect(ids(searchPrompts(prompts, "suds"))).toEqual(["b"]);
    expect(ids(searchPrompts(prompts, "mia"))).toEqual(["c"]);
    expect(ids(searchPrompts(prompts, "   "))).toEqual(["a", "b", "c"]);
    expect(searchPrompts(prompts, "nothing like this")).toEqual([]);
  });

  it("previews 60 characters of the content on one line", () => {
    expect(preview("short\ntext")).toBe("short text");
    const long = "x".repeat(61);
    expect(preview(long)).toBe(`${"x".repeat(60)}...`);
    expect(preview("y".repeat(60))).toBe("y".repeat(60));
  });
});
