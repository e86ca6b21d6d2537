import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on the server (npm start); Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
  // The vendor chunk (React, Chakra, emotion) is large by nature; `npm run bench` measures the
  // sign-in route's initial JavaScript against its 250 KB gzipped budget instead of this warning.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800 },
});
