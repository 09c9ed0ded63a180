import { describe, expect, it } from 'vitest';
import { routeOnlyFiles, type RouteChunk } from './vite-route-preloads.ts';

const chunk = (fileName: string, more: Partial<RouteChunk> = {}): RouteChunk => ({
  fileName,
  isEntry: false,
  imports: [],
  moduleIds: [],
  ...more,
});

describe('routeOnlyFiles', () => {
  const chunks = [
    chunk('assets/index.js', { isEntry: true, imports: ['assets/runtime.js'] }),
    chunk('assets/runtime.js'),
    chunk('assets/album-route.js', {
      moduleIds: ['/app/src/app/routes/album-route.tsx'],
      imports: ['assets/index.js', 'assets/grid.js', 'assets/runtime.js'],
      viteMetadata: { importedCss: new Set(['assets/album.css']) },
    }),
    chunk('assets/grid.js', {
      imports: ['assets/index.js'],
      viteMetadata: { importedCss: new Set(['assets/grid.css', 'assets/album.css']) },
    }),
    chunk('assets/viewer.js', { moduleIds: ['/app/src/viewer.tsx'] }),
  ];

  it("names the route's chunk, what it imports that the entry has not loaded, and their stylesheets", () => {
    expect(routeOnlyFiles(chunks, 'src/app/routes/album-route.tsx')).toEqual([
      '/assets/album-route.js',
      '/assets/grid.js',
      // As Vite loads them: what the route imports first, so that the route's own rules win.
      '/assets/grid.css',
      '/assets/album.css',
    ]);
  });

  it('says which route module it could not find', () => {
    expect(() => routeOnlyFiles(chunks, 'src/app/routes/gone.tsx')).toThrow(
      /no chunk holds src\/app\/routes\/gone\.tsx/,
    );
  });
});
