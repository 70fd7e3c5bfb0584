import { PROMPT_SORTS, PROMPT_TITLE_PREVIEW } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import type { Prompt } from "@schema/rows.ts";

export type PromptSort = (typeof PROMPT_SORTS)[number];

export const SORT_LABELS: Record<PromptSort, string> = {
  "date-desc": "Newest First",
  "date-asc": "Oldest First",
  "title-asc": "Title A-Z",
  "title-desc": "Title Z-A",
  "owner-asc": "Owner A-Z",
  "owner-desc": "Owner Z-A",
};

type Listed = Pick<Prompt, "id" | "title" | "owner" | "prompt" | "created_at">;

/** Case-insensitive match on title, content or owner; a blank query matches everything. */
export function searchPrompts<T extends Listed>(prompts: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...prompts];
  return prompts.filter((p) => [p.title, p.prompt, p.owner].some((text) => text?.toLowerCase().includes(q)));
}

const text = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const time = (p: Listed) => {
  const t = Date.parse(p.created_at);
  return Number.isNaN(t) ? 0 : t;
};

const compare: Record<PromptSort, (a: Listed, b: Listed) => number> = {
  "date-desc": (a, b) => time(b) - time(a),
  "date-asc": (a, b) => time(a) - time(b),
  "title-asc": (a, b) => text.compare(a.title, b.title),
  "title-desc": (a, b) => text.compare(b.title, a.title),
  "owner-asc": (a, b) => text.compare(a.owner, b.owner),
  "owner-desc": (a, b) => text.compare(b.owner, a.owner),
};

/** A sorted copy; ties fall back to newest first, then id, so the order never jumps between renders. */
export function sortPrompts<T extends Listed>(prompts: readonly T[], sort: PromptSort): T[] {
  return [...prompts].sort((a, b) => compare[sort](a, b) || time(b) - time(a) || a.id.localeCompare(b.id));
}

/** The table's content preview under the title. */
export function preview(content: string, length = PROMPT_TITLE_PREVIEW): string {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length)}...` : flat;
}

export const isPromptSort = (value: string): value is PromptSort => (PROMPT_SORTS as readonly string[]).includes(value);

/** Why Delete is off for a prompt (the server refuses to delete the current and the test prompt), or null. */
export const undeletableReason = (p: Pick<Prompt, "is_current" | "is_test">): string | null =>
  p.is_current ? messages.prompts.currentUndeletable : p.is_test ? messages.prompts.testUndeletable : null;
