/**
 * What the embedded broker accepts from a TCP connection before its MQTT parser sees a byte. The parser (aedes,
 * mqtt-packet) buffers a packet until it is complete, whatever length its header declares: a client that declares
 * 200 MB and streams would have the server hold all of it. The guard reads each packet's fixed header as the bytes
 * pass and closes the connection as soon as a packet declares more than the connection may send: a little before
 * the device has logged in (a CONNECT), a reading's worth after (the same 64 KiB as the HTTP route). It also caps
 * the connections of one address. Nothing is copied or buffered: the bytes go on to the parser as they came.
 */
import type { Socket } from 'node:net';

export interface PacketLimits {
  /** Largest packet (fixed header excluded) before the connection's login is accepted. */
  beforeLogin: number;
  /** Largest packet after it. */
  afterLogin: number;
}

export const PACKET_LIMITS: PacketLimits = { beforeLogin: 8 * 1024, afterLogin: 64 * 1024 };

export class PacketTooLarge extends Error {
  constructor(
    readonly declared: number,
    readonly limit: number,
  ) {
    super(`MQTT packet of ${declared} bytes refused (limit ${limit})`);
  }
}

/** Reads MQTT fixed headers across chunk boundaries, and refuses a packet longer than the current limit. */
export class PacketSizeGuard {
  private loggedIn = false;
  /** Bytes of the current packet's body still to pass; -1 while reading a fixed header. */
  private bodyLeft = -1;
  /** The remaining-length varint being read: its value so far, and how many of its bytes were seen. */
  private length = 0;
  private lengthBytes = 0;
  private readingType = true;

  constructor(private readonly limits: PacketLimits) {}

  /** The broker accepted the connection's login: its packets may be as large as a reading. */
  acceptLogin(): void {
    this.loggedIn = true;
  }

  /** Follows the packets through `chunk`; the refusal when a header declares too much or is malformed. */
  inspect(chunk: Buffer): Error | undefined {
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft > 0) {
        const skip = Math.min(this.bodyLeft, chunk.length - at);
        this.bodyLeft -= skip;
        at += skip;
        continue;
      }
      if (this.readingType) {
        this.readingType = false;
        this.length = 0;
        this.lengthBytes = 0;
        at += 1;
        continue;
      }
      const byte = chunk[at];
      at += 1;
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
      this.lengthBytes += 1;
      if (byte & 0x80) {
        // MQTT allows four length bytes at most.
        if (this.lengthBytes === 4) return new Error('malformed MQTT remaining length');
        continue;
      }
      const limit = this.loggedIn ? this.limits.afterLogin : this.limits.beforeLogin;
      if (this.length > limit) return new PacketTooLarge(this.length, limit);
      this.bodyLeft = this.length;
      this.readingType = true;
    }
    return undefined;
  }
}

/**
 * Guards the socket the broker reads: aedes pulls each batch with `socket.read()`, and every batch passes the guard
 * before the parser sees it; a refused one ends the connection instead. No stream is put in between: a wrapping
 * stream cost every one of 10,000 connections about 7 KB and the readings' p99 tenfold.
 */
export function guardConnection(socket: Socket, limits: PacketLimits = PACKET_LIMITS): PacketSizeGuard {
  const guard = new PacketSizeGuard(limits);
  const read = socket.read.bind(socket);
  socket.read = (size?: number): Buffer | null => {
    const chunk = read(size) as Buffer | null;
    if (chunk === null) return null;
    const refusal = guard.inspect(chunk);
    if (!refusal) return chunk;
    // What the socket still holds is dropped with it.
    socket.destroy(refusal);
    return null;
  };
  return guard;
}

/** Counts open connections per address and refuses those past the limit (0: no limit). */
export class ConnectionsPerAddress {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Whether the socket may stay; if so, it is counted until it closes. */
  admit(socket: Socket): boolean {
    const address = socket.remoteAddress ?? '';
    const count = this.open.get(address) ?? 0;
    if (this.limit > 0 && count >= this.limit) return false;
    this.open.set(address, count + 1);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    });
    return true;
  }
}
