/**
 * What the embedded broker accepts from a TCP connection before its MQTT parser sees a byte. The parser (aedes,
 * mqtt-packet) buffers a packet until it is complete, whatever length its header declares: a client that declares
 * 200 MB and streams would have the server hold all of it. The guard reads each packet's fixed header as the bytes
 * pass and closes the connection as soon as a packet declares more than the connection may send: a little before
 * the device has logged in (a CONNECT), a reading's worth after (the same 64 KiB as the HTTP route). It also caps
 * the connections of one address. Nothing is copied: the bytes go on to the parser as they came.
 */
import { Duplex, Transform, type TransformCallback } from 'node:stream';
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
export class PacketSizeGuard extends Transform {
  private loggedIn = false;
  /** Bytes of the current packet's body still to pass; -1 while reading a fixed header. */
  private bodyLeft = -1;
  /** The remaining-length varint being read: its value so far, and how many of its bytes were seen. */
  private length = 0;
  private lengthBytes = 0;
  private readingType = true;

  constructor(private readonly limits: PacketLimits) {
    super();
  }

  /** The broker accepted the connection's login: its packets may be as large as a reading. */
  acceptLogin(): void {
    this.loggedIn = true;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
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
        if (this.lengthBytes === 4) return done(new Error('malformed MQTT remaining length'));
        continue;
      }
      const limit = this.loggedIn ? this.limits.afterLogin : this.limits.beforeLogin;
      if (this.length > limit) return done(new PacketTooLarge(this.length, limit));
      this.bodyLeft = this.length;
      this.readingType = true;
    }
    done(null, chunk);
  }
}

export interface GuardedConnection {
  /** The stream the broker reads and writes. */
  stream: Duplex;
  guard: PacketSizeGuard;
}

/** The socket as the broker gets it: reads through the guard, writes straight to the socket. */
export function guardedConnection(socket: Socket, limits: PacketLimits = PACKET_LIMITS): GuardedConnection {
  const guard = new PacketSizeGuard(limits);
  socket.pipe(guard);
  const stream = Duplex.from({ readable: guard, writable: socket });
  // A refused packet ends the connection at once, and whatever the socket held is dropped with it.
  guard.on('error', () => socket.destroy());
  stream.on('close', () => socket.destroy());
  return { stream, guard };
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
