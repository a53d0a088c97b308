import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __LOUPE_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    include: ['src/**/*.{test,spec}.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
