/**
 * Readings over MQTT, into the same ingestion as HTTP:
 * - embedded (default): an aedes broker inside the server on PORTAL_MQTT_PORT. A device connects with its device id
 *   (issued with its secret) as username and its secret as password, publishes to `devices/<id>/telemetry` (QoS 1) and
 *   may subscribe only to its own `devices/<id>/#` (refusal reasons arrive on `devices/<id>/refused`). The broker acks
 *   a message only after it is stored, so an acknowledged reading survives a crash.
 * - external (PORTAL_MQTT_URL: EMQX, Mosquitto): the broker authenticates devices; the server subscribes to
 *   `$share/<group>/devices/+/telemetry`, so several server instances split the messages, and acks each one after
 *   storing it.
 */
import { createServer, type Server } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { Aedes, type AuthenticateError, type Client, type Connection } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { writeToStream } from 'mqtt-packet';
import type { Ingestion } from './ingestion.js';
import { ConnectionsPerAddress, guardConnection, type PacketSizeGuard } from './mqtt-connection-guard.js';
import { ReadingRefused } from './readings.js';
import type { DeviceCredential } from './telemetry-store.js';

// mqtt-packet writes the packets of the broker and of the MQTT client alike. By default its first packet builds a
// table of all 65,536 two-byte packet ids as Buffers, about 6 MB of heap kept for the life of the process from the
// first device's connection on (the demo simulator's, right after start), to save allocating two bytes per packet.
writeToStream.cacheNumbers = false;

export const telemetryTopic = (deviceId: string) => `devices/${deviceId}/telemetry`;
const refusedTopic = (deviceId: string) => `devices/${deviceId}/refused`;
const TELEMETRY = /^devices\/([A-Za-z0-9_-]{1,64})\/telemetry$/;

export interface MqttIngress {
  /** The embedded broker's port (undefined with an external broker). */
  port?: number;
  /** Why devices cannot report right now (for the instance's readiness), or undefined when they can. */
  problem(): string | undefined;
  close(): Promise<void>;
}

/** A message's readings into the one ingestion; a payload that is not JSON is refused (and counted) too. */
async function ingestPayload(ingestion: Ingestion, device: DeviceCredential, payload: Buffer): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    await ingestion.refuse(device.deviceId, new ReadingRefused('malformed', '消息不是有效的 JSON'));
  }
  await ingestion.ingest(device, body, 'mqtt');
}

function sameSecret(expected: string, given: Buffer | undefined): boolean {
  const a = Buffer.from(expected, 'utf8');
  return given !== undefined && a.length === given.length && timingSafeEqual(a, given);
}

function authError(): AuthenticateError {
  // 4: bad user name or password (MQTT 3.1.1 CONNACK return code).
  return Object.assign(new Error('设备编号或密钥错误'), { returnCode: 4 }) as AuthenticateError;
}

export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  /** Open connections one address may hold (0: no limit). */
  connectionsPerAddress: number;
  ingestion: Ingestion;
  log: FastifyBaseLogger;
}): Promise<MqttIngress> {
  const { ingestion, log } = options;
  const devices = new WeakMap<Client, DeviceCredential>();
  const guards = new WeakMap<Connection, PacketSizeGuard>();
  const connections = new ConnectionsPerAddress(options.connectionsPerAddress);
  const broker = await Aedes.createBroker({ drainTimeout: 30_000, heartbeatInterval: 60_000 });

  broker.authenticate = (client, username, password, done) => {
    const deviceId = username ?? '';
    ingestion
      .device(deviceId)
      .then((device) => {
        if (!device || !sameSecret(device.secret, password)) {
          void ingestion
            .refuse(deviceId || '-', new ReadingRefused('unknown-device', 'MQTT 认证失败'))
            .catch(() => undefined);
          return done(authError(), false);
        }
        devices.set(client, device);
        guards.get(client.conn)?.acceptLogin();
        done(null, true);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'mqtt authentication failed');
        done(Object.assign(new Error('服务暂不可用'), { returnCode: 3 }) as AuthenticateError, false);
      });
  };

  broker.authorizeSubscribe = (client, subscription, done) => {
    const device = devices.get(client);
    const own = device ? `devices/${device.deviceId}/` : undefined;
    if (own && subscription.topic.startsWith(own)) done(null, subscription);
    else done(new Error('只能订阅本设备的主题'));
  };

  broker.authorizePublish = (client, packet, done) => {
    const device = client ? devices.get(client) : undefined;
    if (!device || packet.topic !== telemetryTopic(device.deviceId))
      return done(new Error('只能向本设备的数据主题发布'));
    const tell = (message: string) =>
      broker.publish(
        {
          cmd: 'publish',
          topic: refusedTopic(device.deviceId),
          payload: Buffer.from(message),
          qos: 0,
          retain: false,
          dup: false,
        },
        () => undefined,
      );
    ingestPayload(ingestion, device, packet.payload as Buffer).then(
      () => done(null),
      (error: unknown) => {
        if (error instanceof ReadingRefused) {
          // Refused, counted, and acknowledged: sending it again would be refused again.
          tell(JSON.stringify({ reason: error.reason, message: error.message }));
          return done(null);
        }
        // Not stored for a reason of ours: no ack, the device sends it again after reconnecting.
        log.error({ err: error, deviceId: device.deviceId }, 'mqtt reading not stored');
        done(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  // Readings go to the database, not to other clients.
  broker.authorizeForward = (client, packet) => (TELEMETRY.test(packet.topic) ? null : packet);

  const server: Server = createServer((socket) => {
    if (!connections.admit(socket)) return socket.destroy();
    guards.set(socket, guardConnection(socket));
    broker.handle(socket);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(options.port);
  } catch (error) {
    // Another broker (a Mosquitto of the machine) holds the port: the portal still starts, on a free port, and says so.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || options.port === 0) throw error;
    await listen(0);
    const taken = server.address();
    log.warn(
      `MQTT 端口 ${options.port} 已被占用，内置 MQTT 服务改用端口 ${typeof taken === 'object' && taken ? taken.port : '?'}` +
        '（设置 PORTAL_MQTT_PORT 指定端口，或用 PORTAL_MQTT_URL 接入已有的 MQTT 服务）',
    );
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info(`内置 MQTT 服务: mqtt://${options.host}:${port}`);
  return {
    port,
    problem: () => (server.listening ? undefined : 'the embedded MQTT broker is not listening'),
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function subscribeExternalBroker(options: {
  url: string;
  /** Shared-subscription group; '' subscribes plainly (a broker without $share: one server instance only). */
  group: string;
  /** This instance's name (unique, stable across restarts): the client id the broker keeps its session under. */
  instanceName: string;
  ingestion: Ingestion;
  log: FastifyBaseLogger;
}): Promise<MqttIngress> {
  const { ingestion, log } = options;
  const topic = options.group ? `$share/${options.group}/devices/+/telemetry` : 'devices/+/telemetry';
  // The MQTT client library is loaded only by an instance that uses it, not at every start.
  const { default: mqtt } = await import('mqtt');
  // A persistent session under the instance's own name: a broker such as Mosquitto does not hand the messages in
  // flight to an instance that died to the other members of the shared group, it keeps them in the session (with
  // those it routes there meanwhile) and delivers them when the instance is back, which a supervisor sees to.
  // Storing a reading twice is harmless: a device's metric at one instant is kept once.
  const client = mqtt.connect(options.url, {
    clientId: `zhgd-portal-${options.group || 'plain'}-${options.instanceName}`,
    clean: false,
    reconnectPeriod: 2000,
  });
  // mqtt.js acks a QoS 1 message when handleMessage calls back (MQTT 3.1.1 and 5 alike): only once it is stored
  // or refused for good. An error leaves it unacknowledged, for the broker to deliver again.
  client.handleMessage = (packet, callback) => {
    const deviceId = packet.cmd === 'publish' ? TELEMETRY.exec(packet.topic)?.[1] : undefined;
    if (packet.cmd !== 'publish' || !deviceId) return callback();
    ingestion
      .device(deviceId)
      .then(async (device) => {
        if (!device) await ingestion.refuse(deviceId, new ReadingRefused('unknown-device', '未知的设备'));
        else await ingestPayload(ingestion, device, Buffer.from(packet.payload));
      })
      .then(
        () => callback(),
        (error: unknown) => {
          if (error instanceof ReadingRefused) return callback();
          log.error({ err: error, deviceId }, 'mqtt reading not stored');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
  };
  client.on('connect', () => {
    client.subscribe(topic, { qos: 1 }, (error) => {
      if (error) log.error({ err: error, topic }, 'mqtt subscription refused');
    });
  });
  client.on('error', (error) => log.warn({ err: error }, 'mqtt client error'));
  return {
    problem: () => (client.connected ? undefined : `not connected to the MQTT broker ${options.url}`),
    async close() {
      await client.endAsync();
    },
  };
}
