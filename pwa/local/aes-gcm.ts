/**
 * noble's AES-GCM, the one mode the device store uses, in a module of its own: the page loads it in
 * a task of its own (app/sync/import-local.ts), and only what GCM needs of noble's AES module is
 * bundled (its other modes would add their own lookup tables, built as the module runs).
 */
export { gcm } from "@noble/ciphers/aes.js";
