import { type ChangeEvent, useState } from "react";

interface Draft {
  /** What the box shows while the URL has not caught up; null once it has. */
  typed: string | null;
  /** Every value sent to the URL since the draft began: the URL passes through them on its way. */
  sent: string[];
  /** The URL's value at the last render, to notice it change. */
  seen: string;
}

/**
 * A text box whose value lives in the URL. The router applies a URL change as a transition, so on a
 * slow tablet the URL lags the keys; a box that showed the URL's value dropped the keys typed before
 * it caught up. This box shows what was typed until the URL holds it, or until the URL changes to a
 * value the box never sent (Clear filters, another patient chosen).
 */
export function useTypedText(value: string, send: (text: string) => void) {
  const [draft, setDraft] = useState<Draft>({ typed: null, sent: [], seen: value });
  if (value !== draft.seen) {
    const caughtUp = draft.typed === null || value === draft.typed || !draft.sent.includes(value);
    setDraft(caughtUp ? { typed: null, sent: [], seen: value } : { ...draft, seen: value });
  }
  return {
    value: draft.typed ?? value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const text = e.target.value;
      setDraft((d) => ({ ...d, typed: text, sent: [...d.sent, text] }));
      send(text);
    },
  };
}
