import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset URLs resolve against the `<base href>` the server rewrites per deployment prefix.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/api': process.env.CONSOLE_API_URL ?? 'http://localhost:8080' },
  },
});
