import { Duplex } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";

// Untyped messages that open a connection: the startup message and its SSL and cancel requests.
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const CANCEL_REQUEST = 80_877_102;
// ReadyForQuery ('Z', length 5) with status 'I': the session is idle, outside any transaction.
const READY_IDLE = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
// Sync ends an extended-protocol exchange a closed connection left half done.
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/**
 * PGlite has one backend, so the wires take turns: a wire holds the turn from its first
 * message until PGlite answers "idle" (a transaction or a Parse…Sync exchange in between
 * is never interleaved with another wire's messages).
 */
class Turns {
  private tail: Promise<void> = Promise.resolve();

  take(): Promise<() => void> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => done);
    return turn;
  }
}

/**
 * An in-memory connection to PGlite that speaks the PostgreSQL wire protocol, for postgres.js's
 * `socket` option: the same driver and SQL as a real server, and no port for another local
 * process to open. A closed wire rolls back what it left open and resets the session (as a
 * connection pooler does), so the next connection starts clean and never waits for a turn
 * that is not coming.
 */
export function pgliteWire(db: PGlite) {
  const turns = turnsOf.get(db) ?? new Turns();
  turnsOf.set(db, turns);
  return () => new PgliteWire(db, turns);
}

/** One turn queue per database, however many clients open wires to it. */
const turnsOf = new WeakMap<PGlite, Turns>();

class PgliteWire extends Duplex {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;
  private release: (() => void) | null = null;

  constructor(
    private readonly db: PGlite,
    private readonly turns: Turns,
  ) {
    super();
  }

  /** What postgres.js reads of a net.Socket to know whether to send Terminate and wait for close. */
  get readyState() {
    return this.destroyed ? "closed" : "open";
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.drainMessages().then(() => callback(), callback);
  }

  // The client ended its side: close the wire (postgres.js waits for "close", and reads nothing more).
  override _final(callback: () => void) {
    callback();
    setImmediate(() => this.destroy());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.cleanUp().then(
      () => callback(error),
      (cleanupError) => callback(error ?? cleanupError),
    );
  }

  private async drainMessages() {
    for (;;) {
      const message = this.nextMessage();
      if (!message) return;
      if (!this.started) {
        const code = message.readInt32BE(4);
        if (code === SSL_REQUEST) {
          this.push(Buffer.from("N")); // no TLS in memory; the client goes on in plain text
          continue;
        }
        if (code === CANCEL_REQUEST) {
          setImmediate(() => this.destroy()); // nothing to signal in a one-backend database: the cancel connection just closes
          return;
        }
        this.started = true;
      }
      if (message[0] === 0x58) return; // Terminate: the client ends the wire next
      await this.execute(message);
    }
  }

  /** The next complete message: untyped (length first) until the startup, then type byte + length. */
  private nextMessage(): Buffer | null {
    const typed = this.started;
    const header = typed ? 5 : 8;
    if (this.pending.length < header) return null;
    const length = typed ? 1 + this.pending.readInt32BE(1) : this.pending.readInt32BE(0);
    if (!typed && ![PROTOCOL_3, SSL_REQUEST, CANCEL_REQUEST].includes(this.pending.readInt32BE(4))) {
      throw new Error("Not a PostgreSQL startup message");
    }
    if (this.pending.length < length) return null;
    const message = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    return message;
  }

  private async execute(message: Buffer) {
    this.release ??= await this.turns.take();
    let tail = Buffer.alloc(0);
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(message, {
        onRawData: (data) => {
          const copy = Buffer.from(data); // PGlite reuses its memory: copy before handing it on
          tail = Buffer.concat([tail, copy]).subarray(-READY_IDLE.length);
          if (!this.destroyed) this.push(copy);
        },
      }),
    );
    if (tail.equals(READY_IDLE)) this.giveTurnBack();
  }

  /** Whatever the wire left (an open transaction, prepared statements, settings) goes with it. */
  private async cleanUp() {
    if (!this.started || this.db.closed) return this.giveTurnBack();
    this.release ??= await this.turns.take();
    try {
      // exec() takes PGlite's lock itself; the turn keeps other wires out in between.
      await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC));
      if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
      await this.db.exec("DISCARD ALL");
    } finally {
      this.giveTurnBack();
    }
  }

  private giveTurnBack() {
    this.release?.();
    this.release = null;
  }
}
