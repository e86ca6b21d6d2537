import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on the server (npm start); Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
