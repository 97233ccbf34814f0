import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * Tests in jsdom load Arco's ES build through Vite, as the browser's build does, so that its React 19 ref fix
 * (src/build/vite/arco-element-ref-plugin.ts) applies there too: left to Node, Arco's CommonJS build would load.
 */
const browserLikeArco = {
  alias: [{ find: /^@arco-design\/web-react$/, replacement: '@arco-design/web-react/es/index.js' }],
  server: { deps: { inline: [/@arco-design\/web-react\/es\//] } },
};

/** Tests in jsdom: Arco as the browser gets it, and the computed box metrics jsdom lacks. */
const jsdom = {
  environment: 'jsdom' as const,
  setupFiles: [
    'tests/support/jsdom-computed-style.ts',
    'tests/support/jsdom-image-load.ts',
    'tests/support/testing-library.ts',
  ],
  ...browserLikeArco,
};

/**
 * One runner for every kind of test. The unit, schema and API files run on a worker per core (each API file has a
 * database of its own); the browser files run one at a time against the one server they share. `npm test` runs the
 * browser files in a vitest of their own beside the others (scripts/test-lanes.ts); a plain `vitest run` runs them
 * after the others.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      maxWorkers: '100%',
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], ...jsdom },
        },
        {
          extends: true,
          test: {
            name: 'schema',
            include: ['tests/schema/**/*.test.{ts,tsx}'],
            testTimeout: 30_000,
            ...jsdom,
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            include: ['tests/api/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['tests/api/global-setup.ts'],
            // A hang's guard, not a speed check: the browser files run beside these and share the cores.
            testTimeout: 180_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['tests/e2e/global-setup.ts'],
            testTimeout: 120_000,
            hookTimeout: 180_000,
            fileParallelism: false,
            sequence: { groupOrder: 1 },
            // expect.poll waits for the page (a fresh server's first answers, a busy CI machine), it does not time
            // it: vitest's 1-second default made such waits fail under load. Speed is the bench's to measure.
            expect: { poll: { timeout: 20_000 } },
          },
        },
      ],
    },
  }),
);
