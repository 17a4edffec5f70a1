import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset URLs resolve against the `<base href>` the server rewrites per deployment prefix.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet, loaded with the page as before screens loaded lazily: a screen's first visit waits
    // for no CSS, and classes that screens share keep one order.
    cssCodeSplit: false,
    rolldownOptions: {
      // Screens load lazily; this keeps modules running in source order across chunks, so zod-setup
      // (jitless, for the CSP) still runs before any schema is built.
      output: { strictExecutionOrder: true },
      // The contract's modules only define schemas (each built on first use): the first page load takes
      // those it uses, not every one the package's index re-exports (tests/bench/web-bundle).
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contract/src/') },
    },
  },
  server: {
    proxy: { '/api': process.env.CONSOLE_API_URL ?? 'http://localhost:8080' },
  },
});
