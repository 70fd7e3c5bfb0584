/**
 * How many opened rows each store keeps in memory (a screenful of tables, a conversation or two),
 * and how many bytes at most: a conversation's messages are one record (message-groups.ts).
 */
const OPENED_KEPT = 4096;
const OPENED_BYTES = 16_000_000;

// IV and tag: random, and different whenever the ciphertext is.
const idOf = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 12), ...bytes.subarray(bytes.length - 16));
const sizeOf = (entry: { bytes: Uint8Array; text: string }) => entry.bytes.length + entry.text.length * 2;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The texts of a store's rows opened lately, by their sealed bytes, while its key is held. A live
 * query reads its rows again after every write to its tables (each page of a first sync), and
 * opening a row costs, so the newest are kept, the oldest dropped past OPENED_KEPT rows or
 * OPENED_BYTES. A hit is the very same bytes, compared in full.
 */
export function openedRows() {
  const kept = new Map<string, { bytes: Uint8Array; text: string }>();
  let keptBytes = 0;
  const opening = new Map<string, Promise<string>>();

  /** Keeps the text of these bytes as the newest, dropping the oldest past the limits. */
  function keep(bytes: Uint8Array, text: string) {
    const id = idOf(bytes);
    const old = kept.get(id);
    if (old) {
      kept.delete(id);
      keptBytes -= sizeOf(old);
    }
    const entry = { bytes: bytes.slice(), text };
    kept.set(id, entry);
    keptBytes += sizeOf(entry);
    for (const [oldest, entry] of kept) {
      if (kept.size <= OPENED_KEPT && keptBytes <= OPENED_BYTES) break;
      kept.delete(oldest);
      keptBytes -= sizeOf(entry);
    }
  }

  return {
    /** The text of these very bytes if they were opened lately (they become the newest kept). */
    text(bytes: Uint8Array): string | undefined {
      const id = idOf(bytes);
      const entry = kept.get(id);
      if (!entry || !sameBytes(entry.bytes, bytes)) return undefined;
      kept.delete(id);
      kept.set(id, entry);
      return entry.text;
    },
    keep,
    /** Opens these bytes with `open` and keeps the text; reads of them meanwhile wait for the same opening. */
    openOnce(bytes: Uint8Array, open: () => Promise<string>): Promise<string> {
      const id = idOf(bytes);
      const pending = opening.get(id);
      if (pending) return pending;
      const opened = open()
        .then((text) => {
          keep(bytes, text);
          return text;
        })
        .finally(() => opening.delete(id));
      opening.set(id, opened);
      return opened;
    },
  };
}

export type OpenedRows = ReturnType<typeof openedRows>;
