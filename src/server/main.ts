/**
 * Starts the server: configuration, database (migrated, seeded), then listens and prints where the portal is.
 * `npm run start:server`.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { createDatabase, databaseTarget } from './db/database.js';
import { prepareDatabase } from './prepare.js';
import { refreshStaleStatistics } from './db/statistics.js';
import { demoAccounts } from './seed/index.js';
import { ensureInitialAdmin, INITIAL_ADMIN_LOGIN } from './seed/initial-admin.js';
import { exitOnSignals, ignoreClosedOutput } from './shutdown.js';
import { StartupPhases } from './startup-phases.js';
import { startTracing } from './telemetry/tracing.js';

async function main(): Promise<void> {
  const phases = new StartupPhases();
  phases.end('load code');
  const config = loadConfig();
  const stopTracing = config.tracing ? await startTracing() : undefined;
  const db = createDatabase(databaseTarget(config), { traced: config.tracing });
  const modules = await prepareDatabase(db, { demo: config.demo, seed: 'whenChanged', phases });
  // Without demo data an empty install still needs someone who can log in; the password is shown this once only.
  const initialPassword = config.demo ? undefined : await ensureInitialAdmin(db);
  const app = await buildApp({ config, db, modules });
  phases.end('build app');

  ignoreClosedOutput();
  exitOnSignals({
    deadlineMs: config.shutdownTimeoutMs,
    say: (message) => app.log.warn(message),
    exit: (code) => process.exit(code),
    async close() {
      app.markDraining();
      await app.close();
      await db.destroy();
      // The spans of the last requests are exported before the process ends.
      await stopTracing?.();
    },
  });

  await app.ready();
  phases.end('app ready (plugins started)');
  await app.listen({ port: config.port, host: config.host });
  phases.end('listen');
  app.log.debug(phases.summary(), 'start-up phases (ms)');
  // After listening, off the start-up path: planner statistics for what migrations, the seed and the previous run
  // wrote (db/statistics.ts); until it finishes the planner uses those of the previous run.
  refreshStaleStatistics(db)
    .then((tables) => app.log.debug({ tables }, 'ANALYZE of tables with stale statistics'))
    .catch((error: unknown) => app.log.warn({ err: error }, 'ANALYZE failed'));
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const lines = [
    '',
    `智慧工地门户已启动: http://${shownHost}:${config.port}/app/`,
    `  API 描述 (OpenAPI): http://${shownHost}:${config.port}/api/pub/openapi.json`,
    `  数据库: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.dataDir}/pgdata`}`,
    `  文件存储: ${config.s3 ? `对象存储 ${config.s3.endpoint} 桶 ${config.s3.bucket}` : `${config.dataDir}/uploads`}`,
    `  运行环境: Node.js ${process.version}`,
  ];
  if (config.tracing) lines.push('  OpenTelemetry 链路追踪: 已开启 (OTEL_* 变量)');
  if (config.demo) {
    lines.push('  演示账号 (PORTAL_DEMO=1):');
    for (const account of demoAccounts())
      lines.push(`    ${account.loginName} / ${account.password}  ${account.name}  ${account.mobile}`);
  }
  if (initialPassword) {
    lines.push(`  初始管理员 ${INITIAL_ADMIN_LOGIN} 的一次性密码：${initialPassword}`);
    lines.push('  （仅显示这一次；首次登录后须修改密码）');
  }
  if (config.captchaFixed) lines.push('  注意: PORTAL_CAPTCHA_FIXED 已设置，验证码固定（仅用于自动化测试）');
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? `配置错误: ${error.message}`
      : error instanceof DataDirLockedError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
