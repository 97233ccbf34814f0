import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/** One runner for every kind of test; `npm test` runs all projects, CI reruns `api` on PostgreSQL. */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'jsdom' },
        },
        {
          extends: true,
          test: {
            name: 'schema',
            include: ['tests/schema/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            include: ['tests/api/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['tests/api/global-setup.ts'],
            testTimeout: 60_000,
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
          },
        },
      ],
    },
  }),
);
