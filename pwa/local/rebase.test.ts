import { describe, expect, it } from "vitest";
import { applyOp } from "./rebase.ts";
import type { LocalOp, Row } from "./store.ts";

/** What a queued change makes of the rows the device holds (null: the row is gone). */
function apply(rows: Record<string, Row | null>, rowId: string, op: LocalOp): Record<string, Row | null> {
  const map = new Map(Object.entries(rows));
  applyOp(map, { rowId, op });
  return Object.fromEntries(map);
}

const prompt = (id: string, marks: { is_current?: boolean; is_test?: boolean } = {}): Row => ({
  id,
  title: `Prompt ${id}`,
  is_current: false,
  is_test: false,
  ...marks,
});

describe("applyOp: a queued change over the server's rows", () => {
  it("create adds the row under its id", () => {
    expect(apply({}, "h1", { kind: "create", row: { fear: "Crowds", roundNumber: 1 } })).toEqual({
      h1: { id: "h1", fear: "Crowds", roundNumber: 1 },
    });
  });

  it("create over a row the server already has (a resent create) keeps the server's fields it does not set", () => {
    const server = { h1: { id: "h1", fear: "Crowds", version: 2 } };
    expect(apply(server, "h1", { kind: "create", row: { fear: "Open spaces", id: "other" } })).toEqual({
      h1: { id: "h1", fear: "Open spaces", version: 2 },
    });
  });

  it("update changes only the fields it names", () => {
    const server = { h1: { id: "h1", fear: "Crowds", roundNumber: 1, version: 3 } };
    expect(apply(server, "h1", { kind: "update", fields: { roundNumber: 4 } })).toEqual({
      h1: { id: "h1", fear: "Crowds", roundNumber: 4, version: 3 },
    });
  });

  it("update of a row that is gone (deleted elsewhere) does not bring it back", () => {
    expect(apply({ h1: null }, "h1", { kind: "update", fields: { fear: "x" } })).toEqual({ h1: null });
    expect(apply({}, "h1", { kind: "update", fields: { fear: "x" } })).toEqual({ h1: null });
  });

  it("delete removes the row, and leaves the others", () => {
    const server = { h1: { id: "h1" }, h2: { id: "h2" } };
    expect(apply(server, "h1", { kind: "delete" })).toEqual({ h1: null, h2: { id: "h2" } });
  });

  it("a flag moves: the prompt gets it, the one that held it loses it, the other mark stays", () => {
    const server = {
      a: prompt("a", { is_current: true }),
      b: prompt("b", { is_test: true }),
      c: prompt("c"),
    };
    expect(apply(server, "c", { kind: "flag", flag: "is_current" })).toEqual({
      a: prompt("a"),
      b: prompt("b", { is_test: true }),
      c: prompt("c", { is_current: true }),
    });
  });

  it("a flag on a prompt that is gone brings no row back", () => {
    expect(apply({ gone: null }, "gone", { kind: "flag", flag: "is_test" })).toEqual({ gone: null });
  });

  it("changes applied in order give what the user last did", () => {
    const rows = new Map<string, Row | null>([["h1", { id: "h1", fear: "Crowds", roundNumber: 1 }]]);
    const ops: LocalOp[] = [
      { kind: "update", fields: { fear: "Being judged" } },
      { kind: "update", fields: { roundNumber: 3 } },
      { kind: "delete" },
      { kind: "create", row: { fear: "Again", roundNumber: 1 } },
    ];
    for (const op of ops.slice(0, 2)) applyOp(rows, { rowId: "h1", op });
    expect(rows.get("h1")).toEqual({ id: "h1", fear: "Being judged", roundNumber: 3 });
    for (const op of ops.slice(2)) applyOp(rows, { rowId: "h1", op });
    expect(rows.get("h1")).toEqual({ id: "h1", fear: "Again", roundNumber: 1 });
  });
});
