import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': server, '/questions': server } },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['vitest.setup.ts'],
    css: false,
  },
});
