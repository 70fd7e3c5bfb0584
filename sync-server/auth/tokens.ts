import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/** 24 characters of base32: 120 random bits, as the Lucia guide builds them. */
export function randomToken(bytes = 15): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return encodeBase32LowerCaseNoPadding(buf);
}

export const sha256Bytes = (text: string) => sha256(new TextEncoder().encode(text));
export const sha256Hex = (text: string) => encodeHexLowerCase(sha256Bytes(text));
export const sameBytes = (a: Uint8Array, b: Uint8Array) => constantTimeEqual(a, b);
