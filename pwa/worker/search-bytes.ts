/** How the kept search index's records become the bytes that are sealed, and back. */

/** A record's fields as bytes: its typed arrays one after another, the rest as JSON pointing into them. */
export function serialize(record: Record<string, unknown>): Uint8Array {
  const arrays: Uint8Array[] = [];
  let length = 0;
  const json = JSON.stringify(record, (_key, value) => {
    if (value instanceof Int32Array || value instanceof Float64Array) {
      const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      const at = length;
      arrays.push(bytes);
      // Each array starts at a multiple of 8, so it can be read back in place.
      length += Math.ceil(bytes.length / 8) * 8;
      return { $array: value instanceof Int32Array ? "i32" : "f64", at, n: value.length };
    }
    return value;
  });
  const text = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + length + text.length);
  new DataView(out.buffer).setFloat64(0, length);
  let at = 8;
  for (const bytes of arrays) {
    out.set(bytes, at);
    at += Math.ceil(bytes.length / 8) * 8;
  }
  out.set(text, 8 + length);
  return out;
}

export function deserialize(bytes: Uint8Array): Record<string, unknown> {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getFloat64(0);
  const base = bytes.byteOffset + 8;
  const json = new TextDecoder().decode(bytes.subarray(8 + length));
  return JSON.parse(json, (_key, value) => {
    if (value && typeof value === "object" && "$array" in value) {
      return value.$array === "i32"
        ? new Int32Array(bytes.buffer, base + value.at, value.n)
        : new Float64Array(bytes.buffer, base + value.at, value.n);
    }
    return value;
  });
}
