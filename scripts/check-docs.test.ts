import { describe, expect, it } from 'vitest';
import {
  codeSpanList,
  compareNames,
  diffGraphs,
  findRepeats,
  namedSourcePaths,
  namesAFile,
  parseMermaid,
  renderMermaid,
  splitSentences,
  withGraph,
} from './lib/docs-checks.mjs';

const long =
  'Every photo a person may see is also in one place, newest first, with a date scrubber.';

describe('findRepeats', () => {
  it('finds a paragraph said twice, and names the line it repeats', () => {
    const doc = `# Title\n\nFirst words here.\n\n${long}\n\nBetween.\n\n${long}\n`;
    expect(findRepeats(doc)).toEqual([
      expect.objectContaining({ line: 9, firstLine: 5, kind: 'paragraph' }),
    ]);
  });

  it('finds a long sentence pasted into another paragraph, wrapped differently', () => {
    const doc = `Before it. ${long} After it.\n\nAnother paragraph opens.\n${long.replace('newest', '\nnewest')}\n`;
    expect(findRepeats(doc)).toEqual([
      expect.objectContaining({ line: 4, firstLine: 1, kind: 'sentence' }),
    ]);
  });

  it('finds a table row said twice, whatever its padding', () => {
    const row =
      '| Albums, photos, comments, likes, sharing, users, accounts and refresh tokens | PostgreSQL | the database |';
    const doc = `| Part | Where |\n| --- | --- |\n${row}\n\nText.\n\n| Part | Where |\n| --- | --- |\n${row.replace(/ \|/g, '     |')}\n`;
    expect(findRepeats(doc)).toEqual([
      expect.objectContaining({ line: 9, firstLine: 3, kind: 'row' }),
    ]);
  });

  it('lets short sentences, labels, headings and code repeat', () => {
    const doc = [
      '## Context',
      'It is fast. It is small.',
      '## Context',
      'It is fast. It was measured.',
      '- Done.',
      '- Done.',
      '```',
      long,
      '```',
      '```',
      long,
      '```',
      `<!-- ${long} -->`,
      `<!-- ${long} -->`,
    ].join('\n\n');
    expect(findRepeats(doc)).toEqual([]);
  });

  it('does not end a sentence at "e.g." or inside a code span', () => {
    expect(splitSentences('Set it, e.g. Debian has it. Then `a. B` runs. Done')).toEqual([
      'Set it, e.g. Debian has it.',
      'Then `a. B` runs.',
      'Done',
    ]);
  });
});

describe('codeSpanList', () => {
  it('reads the code spans after the marker, up to the first other word', () => {
    const doc =
      'Intro.\n\nModules: <!-- list: modules -->`albums`, `files/`,\n`photos` and `users`. Not `this`.';
    expect(codeSpanList(doc, 'modules')).toEqual({
      line: 3,
      names: ['albums', 'files', 'photos', 'users'],
    });
    expect(codeSpanList(doc, 'features')).toBeNull();
  });

  it('tells what a list lacks and what it names beyond the folders', () => {
    expect(compareNames(['albums', 'files', 'uploads'], ['files', 'albums', 'viewer'])).toEqual({
      missing: ['uploads'],
      extra: ['viewer'],
    });
  });
});

describe('the module graph in Mermaid', () => {
  const graph = {
    server: {
      nodes: ['albums', 'files', 'link-previews'],
      edges: ['link-previews -> files', 'albums -> files'],
    },
    web: { nodes: ['auth'], edges: [] },
  };

  it('reads back what it draws', () => {
    const drawn = renderMermaid(graph);
    expect(drawn).toContain('server_link_previews["link-previews"]');
    expect(drawn).toContain('server_link_previews --> server_files');
    const { graph: read, errors } = parseMermaid(drawn);
    expect(errors).toEqual([]);
    expect(diffGraphs(graph, read)).toEqual([]);
  });

  it('names the nodes and edges a drawing lacks or has beyond the code', () => {
    const drawn = renderMermaid(graph)
      .replace('    server_albums --> server_files\n', '')
      .replace(
        '    web_auth["auth"]\n',
        '    web_auth["auth"]\n    web_viewer["viewer"]\n    web_viewer --> web_auth\n',
      );
    expect(diffGraphs(graph, parseMermaid(drawn).graph)).toEqual([
      'server: missing edge albums -> files',
      'web: node viewer, which is no folder',
      'web: edge viewer -> auth, which no import makes',
    ]);
  });

  it('refuses lines it does not know, and edges between unknown nodes', () => {
    const { errors } = parseMermaid(
      'flowchart LR\n  subgraph server ["S"]\n    a["a"]\n    a --> b\n    a -.-> a\n  end',
    );
    expect(errors).toEqual([
      'line 5: not a node, an edge or a subgraph: a -.-> a',
      'line 4: edge a --> b names no node',
    ]);
  });

  it('draws the graph anew between its markers, and only there', () => {
    const doc =
      'Before.\n\n<!-- module-graph:start -->\nold\n<!-- module-graph:end -->\n\nAfter.\n';
    const written = withGraph(doc, graph);
    expect(written).toBe(
      `Before.\n\n<!-- module-graph:start -->\n\n${renderMermaid(graph)}\n\n<!-- module-graph:end -->\n\nAfter.\n`,
    );
    expect(withGraph(written, graph)).toBe(written);
    expect(() => withGraph('No markers.', graph)).toThrow(/module-graph:start/);
  });
});

describe('namedSourcePaths', () => {
  it('finds the source files a document names, with their lines, and no addresses or patterns', () => {
    const doc =
      'The blobs (`files/store/blobs.ts`).\n' +
      'Served at `/albums-preload.js`, by `src/i18n/messages/<locale>/<area>.json`,\n' +
      'under `apps/web/src/features/*/`, and `apps/server/src/app.ts`.\n';
    expect(namedSourcePaths(doc)).toEqual([
      { path: 'files/store/blobs.ts', line: 1 },
      { path: 'apps/server/src/app.ts', line: 3 },
    ]);
  });

  it('takes a path from the root, or the end of one after a folder', () => {
    const files = ['apps/server/src/modules/files/store/blobs.ts', 'scripts/test.mjs'];
    expect(namesAFile('files/store/blobs.ts', files)).toBe(true);
    expect(namesAFile('scripts/test.mjs', files)).toBe(true);
    expect(namesAFile('store/blobs.ts', files)).toBe(true);
    expect(namesAFile('les/store/blobs.ts', files)).toBe(false);
    expect(namesAFile('files/files.blobs.ts', files)).toBe(false);
  });
});
