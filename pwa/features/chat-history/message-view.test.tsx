import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { messageRow } from "@/test/rows.ts";
import { ReadMessages } from "./message-view.tsx";

afterEach(cleanup);

describe("a conversation's messages", () => {
  it("draws five messages as the list opens and the rest that fit a frame later", async () => {
    const rows = Array.from({ length: 30 }, (_, i) =>
      messageRow("c1", "ada", `2026-11-20T10:${String(i).padStart(2, "0")}:00.000Z`, { data: `Message ${i}` }),
    );
    render(<ReadMessages rows={rows} />);
    expect(screen.getAllByRole("article")).toHaveLength(5);
    // 75% of a 768 px window holds 6 rows of 110 px; 3 more are drawn past its edge.
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(9));
    expect(screen.getByText("Message 8")).toBeTruthy();
  });
});
