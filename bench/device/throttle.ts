// A TCP proxy that makes a fast local link behave like a tablet's connection: in each direction
// one shared line (every connection's bytes queue on it and leave at the profile's rate) plus
// half the round-trip time on every chunk. It counts the bytes it carries and can cut the link.
import { connect, createServer, type Server, type Socket } from "node:net";

export interface Profile {
  name: string;
  /** Bits per second, each direction. */
  bitsPerSecond: number;
  /** Round-trip time added to the link (half each way). */
  rttMs: number;
}

export const PROFILES: Record<string, Profile> = {
  fast: { name: "fast", bitsPerSecond: 20_000_000, rttMs: 40 },
  slow: { name: "slow", bitsPerSecond: 1_600_000, rttMs: 150 },
};

/** One direction: chunks leave in order, no faster than the rate, each delayed by RTT/2. */
class Line {
  private freeAt = 0;
  bytes = 0;
  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  send(chunk: Buffer, deliver: () => void) {
    const now = performance.now();
    this.bytes += chunk.length;
    this.freeAt = Math.max(now, this.freeAt) + chunk.length / this.bytesPerMs;
    // Due times never decrease, so node's timers keep each connection's chunks in order.
    setTimeout(deliver, this.freeAt - now + this.delayMs);
  }

  /** Drops what is queued (the bytes already counted went nowhere, as on a real cut). */
  clear() {
    this.freeAt = 0;
  }
}

/** When a request left the browser, and when the first bytes of its answer reached the proxy. */
interface RequestTimes {
  asked: number;
  answered?: number;
}

export interface Throttle {
  port: number;
  /** Bytes carried so far: down (server → browser) and up. */
  bytes(): { down: number; up: number };
  /**
   * When (performance.now()) the browser first sent a request whose line starts with `start`, e.g.
   * "GET /api/sync/pull", and when the first bytes of its answer reached the proxy.
   */
  firstRequest(start: string): RequestTimes | undefined;
  /** Drops every connection and refuses new ones for `ms`; returns how many it dropped. */
  cut(ms: number): number;
  close(): Promise<void>;
}

export async function startThrottle(target: { host: string; port: number }, profile: Profile): Promise<Throttle> {
  const bytesPerMs = profile.bitsPerSecond / 8 / 1000;
  const down = new Line(bytesPerMs, profile.rttMs / 2);
  const up = new Line(bytesPerMs, profile.rttMs / 2);
  const sockets = new Set<Socket>();
  /** The browser's side of each open connection. */
  const clients = new Set<Socket>();
  let refuseUntil = 0;
  /**
   * Each request line's first moment, and its answer's (plain HTTP/1.1: a request starts a chunk the
   * browser sends, and the server's next bytes on that connection answer it).
   */
  const requested = new Map<string, RequestTimes>();
  const noteRequests = (client: Socket, upstream: Socket) => {
    let waiting: RequestTimes | undefined;
    client.on("data", (chunk: Buffer) => {
      const line = chunk.subarray(0, Math.max(0, chunk.indexOf(" HTTP/1.1"))).toString("latin1");
      if (!/^[A-Z]+ \//.test(line)) return;
      waiting = requested.has(line) ? undefined : { asked: performance.now() };
      if (waiting) requested.set(line, waiting);
    });
    upstream.on("data", () => {
      if (waiting) waiting.answered ??= performance.now();
    });
  };

  const pipe = (from: Socket, to: Socket, line: Line) => {
    from.on("data", (chunk) =>
      line.send(chunk, () => {
        if (!to.destroyed) to.write(chunk);
      }),
    );
    // A half-close travels after the data queued before it.
    from.on("end", () => line.send(Buffer.alloc(0), () => to.destroyed || to.end()));
  };

  const server: Server = createServer((client) => {
    if (performance.now() < refuseUntil) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    clients.add(client);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on("error", () => {});
      s.on("close", () => {
        sockets.delete(s);
        clients.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    noteRequests(client, upstream);
    pipe(client, upstream, up);
    pipe(upstream, client, down);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The throttle has no port");

  return {
    port: address.port,
    bytes: () => ({ down: down.bytes, up: up.bytes }),
    // The map keeps each line's first time, in the order they came: the first match is the earliest.
    firstRequest: (start) => [...requested].find(([line]) => line.startsWith(start))?.[1],
    cut(ms) {
      refuseUntil = performance.now() + ms;
      const dropped = clients.size;
      for (const s of sockets) s.destroy();
      down.clear();
      up.clear();
      return dropped;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
