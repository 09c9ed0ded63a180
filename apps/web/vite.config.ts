import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/identity': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // The app reads constants and types from the contract; its zod schemas are for the
        // server. Schema definitions have no side effects, so unused ones (and zod) are dropped.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
});
