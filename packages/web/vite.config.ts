import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset URLs resolve against the `<base href>` the server rewrites per deployment prefix.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Screens load lazily; this keeps modules running in source order across chunks, so zod-setup
    // (jitless, for the CSP) still runs before any schema is built.
    rolldownOptions: { output: { strictExecutionOrder: true } },
  },
  server: {
    proxy: { '/api': process.env.CONSOLE_API_URL ?? 'http://localhost:8080' },
  },
});
