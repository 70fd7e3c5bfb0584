import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useTypedText } from "./use-typed-text.ts";

function Box({ url, send }: { url: string; send: (text: string) => void }) {
  return <input aria-label="Search" {...useTypedText(url, send)} />;
}

describe("a search box whose value lives in the URL", () => {
  it("keeps every key typed while the URL lags, and follows the URL once it changes elsewhere", async () => {
    const sent: string[] = [];
    const send = (text: string) => sent.push(text);
    const { rerender } = render(<Box url="" send={send} />);
    const box = screen.getByLabelText<HTMLInputElement>("Search");

    await userEvent.type(box, "ben");
    expect(box.value).toBe("ben");
    expect(sent).toEqual(["b", "be", "ben"]);

    rerender(<Box url="b" send={send} />);
    expect(box.value).toBe("ben");
    rerender(<Box url="ben" send={send} />);
    expect(box.value).toBe("ben");

    // Clear filters: a value the box never sent.
    rerender(<Box url="" send={send} />);
    expect(box.value).toBe("");
    await userEvent.type(box, "a");
    rerender(<Box url="ada" send={send} />);
    expect(box.value).toBe("ada");
  });
});
