import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'unit',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
