import { describe, expect, it } from 'vitest';
import { checkBudget, htmlScripts, routeFiles, type BuiltChunk } from './vite-js-budget.ts';

const chunk = (fileName: string, imports: string[], moduleIds: string[], isEntry = false) =>
  ({ fileName, imports, moduleIds, isEntry }) satisfies BuiltChunk;

const ROUTE = 'src/features/albums/components/recent-albums-page.tsx';

/** A build shaped like the app's: an entry, shared chunks, the route's chunk and another page's. */
const chunks = [
  chunk('assets/index.js', ['assets/react.js'], ['/app/apps/web/src/main.tsx'], true),
  chunk('assets/react.js', [], ['/app/node_modules/react/index.js']),
  chunk('assets/recent.js', ['assets/list.js', 'assets/react.js'], [`/app/apps/web/${ROUTE}`]),
  chunk('assets/list.js', ['assets/react.js'], ['/app/apps/web/src/album-list.tsx']),
  chunk('assets/lightbox.js', ['assets/list.js'], ['/app/apps/web/src/photo-lightbox.tsx']),
];

const options = { page: 'Recent Albums', routeModule: ROUTE, maxBrotliBytes: 100 * 1024 };

describe('the first page JavaScript budget', () => {
  it('counts the entry, the route chunk and what they import, not the other pages', () => {
    expect(routeFiles(chunks, ROUTE).sort()).toEqual([
      'assets/index.js',
      'assets/list.js',
      'assets/react.js',
      'assets/recent.js',
    ]);
  });

  it('leaves out imports that are no file of the build (external modules)', () => {
    const withExternal = [
      ...chunks.filter((c) => c.fileName !== 'assets/list.js'),
      chunk(
        'assets/list.js',
        ['assets/react.js', 'thumbhash'],
        ['/app/apps/web/src/album-list.tsx'],
      ),
    ];
    expect(routeFiles(withExternal, ROUTE)).not.toContain('thumbhash');
  });

  it('says when the route module is in no chunk, rather than counting too little', () => {
    expect(() => routeFiles(chunks, 'src/features/albums/components/gone.tsx')).toThrow(
      /no chunk holds src\/features\/albums\/components\/gone\.tsx/,
    );
  });

  it('reads the scripts and module preloads of the page, not its styles or icons', () => {
    const html = `<script src="/theme.js"></script>
      <script type="module" crossorigin src="/assets/index.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react.js">
      <link rel="stylesheet" crossorigin href="/assets/index.css">
      <link rel="icon" href="/favicon.svg">`;
    expect(htmlScripts(html)).toEqual(['theme.js', 'assets/index.js', 'assets/react.js']);
  });

  it('passes within the budget, saying how much is left', () => {
    const result = checkBudget(
      [
        { fileName: 'assets/index.js', brotliBytes: 90_000 },
        { fileName: 'assets/recent.js', brotliBytes: 2_400 },
      ],
      options,
    );
    expect(result.over).toBe(0);
    expect(result.message).toContain('92,400 bytes (90.2 KiB)');
    expect(result.message).toContain('10,000 bytes (9.8 KiB) to spare');
  });

  it('fails past the budget, saying by how much and which files weigh most', () => {
    const result = checkBudget(
      [
        { fileName: 'assets/index.js', brotliBytes: 100_000 },
        { fileName: 'assets/recent.js', brotliBytes: 3_000 },
      ],
      options,
    );
    expect(result.over).toBe(600);
    expect(result.message).toMatch(/^JS budget exceeded: Recent Albums loads 103,000 bytes/);
    expect(result.message).toContain('600 bytes (0.6 KiB) over its budget of 102,400 bytes');
    expect(result.message).toContain('Largest: assets/index.js 100,000, assets/recent.js 3,000');
  });
});
