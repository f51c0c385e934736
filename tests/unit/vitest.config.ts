import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: the pure rules in Node, and the screens' component tests (tests/unit/components,
// React Testing Library) in happy-dom, rendering the real app (components/render-app.tsx).
const root = new URL('../..', import.meta.url).pathname;

export default defineConfig({
  plugins: [react()],
  test: {
    root,
    projects: [
      // Pure rules in node share one module graph across files (isolate: false): 16.0 → 5.1 CPU-s
      // (2026-11-29). A test that stubs a global restores it after itself (after-first-paint.test.ts).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/unit/components/**/*.test.tsx'],
          environment: 'happy-dom',
          // a screen's first render in a file compiles its code: up to 18 s on 2 cores shared with other runs
          testTimeout: 60_000,
          setupFiles: ['tests/unit/components/setup.ts'],
          // One module graph and page for every file, as for the tests of one file: each render
          // starts from a cleared query cache, selection and storage (render-app.tsx, setup.ts), and no
          // test mocks a module or a global. 47.4 → 28.5 CPU-s (2026-11-29); passes with files shuffled.
          isolate: false,
        },
      },
    ],
  },
});
