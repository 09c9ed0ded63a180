// The parts of scripts/check-docs.mjs that only read and write text: repeats within a document,
// the lists of names written as code spans, and the module graph drawn in Mermaid.

/** Sentences, list items and table rows shorter than this may repeat. */
export const MIN_REPEATED_WORDS = 12;
/** Paragraphs shorter than this may repeat (a lead-in such as "With nginx:"). */
export const MIN_PARAGRAPH_WORDS = 3;

const words = (text) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));

/** One form of a text for comparing: case, spacing and the padding of table cells aside. */
const normal = (text) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The prose of a Markdown document as numbered lines: fenced code and HTML comments blanked
 * (their lines kept, so that line numbers stay true).
 */
function proseLines(markdown) {
  const lines = markdown.split('\n');
  let fence = null;
  let comment = false;
  return lines.map((line) => {
    if (fence) {
      if (line.trim().startsWith(fence)) fence = null;
      return '';
    }
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening) {
      fence = opening[1];
      return '';
    }
    let text = line;
    if (comment) {
      const end = text.indexOf('-->');
      if (end < 0) return '';
      text = text.slice(end + 3);
      comment = false;
    }
    text = text.replace(/<!--.*?-->/g, '');
    const open = text.indexOf('<!--');
    if (open >= 0) {
      text = text.slice(0, open);
      comment = true;
    }
    return text;
  });
}

/**
 * The units a repeat is looked for in: paragraphs, list items, table rows, and the sentences of
 * paragraphs and list items; each with the line it starts on (1-based).
 */
export function textUnits(markdown) {
  const lines = proseLines(markdown);
  /** Blocks of lines: paragraphs, list items, table rows. */
  const blocks = [];
  let current = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  lines.forEach((line, index) => {
    const number = index + 1;
    if (!line.trim()) return close();
    if (/^\s*#{1,6}\s/.test(line)) {
      close();
      return blocks.push({ kind: 'heading', line: number, text: line.replace(/^\s*#+\s*/, '') });
    }
    if (/^\s*\|/.test(line)) {
      close();
      if (/^\s*\|[\s|:-]*$/.test(line)) return undefined;
      return blocks.push({ kind: 'row', line: number, text: line.trim() });
    }
    const item = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      close();
      current = { kind: 'item', line: number, text: item[2] };
      return undefined;
    }
    if (current) current.text += `\n${line.trim()}`;
    else current = { kind: 'paragraph', line: number, text: line.trim() };
    return undefined;
  });
  close();

  const units = [];
  for (const [index, block] of blocks.entries()) {
    if (block.kind === 'heading') continue;
    units.push({ ...block, block: index });
    if (block.kind === 'row') continue;
    const sentences = splitSentences(block.text);
    if (sentences.length < 2) continue;
    let offset = 0;
    for (const sentence of sentences) {
      const at = block.text.indexOf(sentence, offset);
      offset = at + sentence.length;
      const line = block.line + (block.text.slice(0, at).match(/\n/g)?.length ?? 0);
      units.push({ kind: 'sentence', line, text: sentence, block: index });
    }
  }
  return units;
}

/**
 * A text's sentences: it ends one at `.`, `!` or `?` followed by a space and a capital, a digit, a
 * backtick, a parenthesis or an asterisk; not inside a code span, nor after "e.g." and the like.
 */
export function splitSentences(text) {
  const sentences = [];
  let start = 0;
  let inCode = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '`') inCode = !inCode;
    if (inCode || !'.!?'.includes(char)) continue;
    const rest = text.slice(i + 1);
    if (!/^\s+[\p{Lu}\p{N}`(*[]/u.test(rest)) continue;
    if (/\b(?:e\.g|i\.e|cf|vs|etc)\.$/i.test(text.slice(start, i + 1))) continue;
    sentences.push(text.slice(start, i + 1).trim());
    start = i + 1;
  }
  const last = text.slice(start).trim();
  if (last) sentences.push(last);
  return sentences;
}

/**
 * What a document says twice: a paragraph, or a list item, table row or sentence of at least
 * MIN_REPEATED_WORDS words, said again further on. Each repeat names the line it repeats.
 */
export function findRepeats(markdown) {
  const seen = new Map();
  const repeats = [];
  /** Blocks found repeated whole: their sentences are not reported again. */
  const repeatedBlocks = new Set();
  for (const unit of textUnits(markdown)) {
    if (unit.kind === 'sentence' && repeatedBlocks.has(unit.block)) continue;
    const count = words(unit.text).length;
    if (count < (unit.kind === 'paragraph' ? MIN_PARAGRAPH_WORDS : MIN_REPEATED_WORDS)) continue;
    const key = normal(unit.text);
    const first = seen.get(key);
    if (!first) {
      seen.set(key, unit);
    } else {
      if (unit.kind !== 'sentence') repeatedBlocks.add(unit.block);
      repeats.push({ line: unit.line, firstLine: first.line, kind: unit.kind, text: unit.text });
    }
  }
  return repeats;
}

/**
 * The names of a list written as code spans right after `<!-- list: NAME -->` ("`a`, `b` and
 * `c`"), with the line of the marker; null when the document has no such marker. A trailing `/`
 * (a folder) is dropped.
 */
export function codeSpanList(markdown, name) {
  const marker = `<!-- list: ${name} -->`;
  const at = markdown.indexOf(marker);
  if (at < 0) return null;
  const line = markdown.slice(0, at).split('\n').length;
  const names = [];
  const rest = markdown.slice(at + marker.length);
  const item = /^(?:\s|,|\band\b)*`([^`]+)`/;
  let offset = 0;
  for (;;) {
    const match = item.exec(rest.slice(offset));
    if (!match) break;
    names.push(match[1].replace(/\/$/, ''));
    offset += match[0].length;
  }
  return { line, names };
}

/** What `listed` lacks of `expected` and what it has beyond it, each sorted. */
export function compareNames(expected, listed) {
  const want = new Set(expected);
  const have = new Set(listed);
  return {
    missing: [...want].filter((name) => !have.has(name)).sort(),
    extra: [...have].filter((name) => !want.has(name)).sort(),
  };
}

/**
 * A module graph: for each group (`server`, `web`) its nodes and its edges (`from -> to`).
 * @typedef {{ [group: string]: { nodes: string[], edges: string[] } }} ModuleGraph
 */

export const GRAPH_START = '<!-- module-graph:start -->';
export const GRAPH_END = '<!-- module-graph:end -->';

/** The titles of the groups in the diagram. */
export const GROUP_TITLES = {
  server: 'Server modules: apps/server/src/modules',
  web: 'Web features: apps/web/src/features',
};

const nodeId = (group, name) => `${group}_${name.replace(/[^A-Za-z0-9]/g, '_')}`;

/** The Mermaid flowchart of a module graph, in a stable order. */
export function renderMermaid(graph) {
  const lines = ['```mermaid', 'flowchart LR'];
  for (const group of Object.keys(graph)) {
    const { nodes, edges } = graph[group];
    lines.push(`  subgraph ${group} ["${GROUP_TITLES[group] ?? group}"]`);
    for (const node of [...nodes].sort()) lines.push(`    ${nodeId(group, node)}["${node}"]`);
    for (const edge of [...edges].sort()) {
      const [from, to] = edge.split(' -> ');
      lines.push(`    ${nodeId(group, from)} --> ${nodeId(group, to)}`);
    }
    lines.push('  end');
  }
  lines.push('```');
  return lines.join('\n');
}

/**
 * The module graph a Mermaid flowchart draws: nodes (`id["name"]`) in the subgraph they are
 * declared in, and edges (`a --> b`) between declared nodes. Lines it does not know are errors.
 * @returns {{ graph: ModuleGraph, errors: string[] }}
 */
export function parseMermaid(text) {
  const graph = {};
  const errors = [];
  const groupOf = new Map();
  const nameOf = new Map();
  const edges = [];
  let group = null;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('```') || line.startsWith('%%') || /^flowchart\b/.test(line)) {
      continue;
    }
    let match;
    if ((match = /^subgraph\s+(\w+)/.exec(line))) {
      group = match[1];
      graph[group] ??= { nodes: [], edges: [] };
    } else if (line === 'end') {
      group = null;
    } else if ((match = /^(\w+)\["([^"]+)"\]$/.exec(line))) {
      if (!group) errors.push(`line ${index + 1}: node ${match[1]} outside a subgraph`);
      else {
        groupOf.set(match[1], group);
        nameOf.set(match[1], match[2]);
        graph[group].nodes.push(match[2]);
      }
    } else if ((match = /^(\w+)\s*-->\s*(\w+)$/.exec(line))) {
      edges.push({ from: match[1], to: match[2], line: index + 1 });
    } else {
      errors.push(`line ${index + 1}: not a node, an edge or a subgraph: ${line}`);
    }
  }
  for (const { from, to, line } of edges) {
    const [fromGroup, toGroup] = [groupOf.get(from), groupOf.get(to)];
    if (!fromGroup || !toGroup) errors.push(`line ${line}: edge ${from} --> ${to} names no node`);
    else if (fromGroup !== toGroup)
      errors.push(`line ${line}: edge ${from} --> ${to} across groups`);
    else graph[fromGroup].edges.push(`${nameOf.get(from)} -> ${nameOf.get(to)}`);
  }
  return { graph, errors };
}

/**
 * How a drawn graph differs from the real one: per group, the nodes and edges it lacks and those
 * it has beyond it. Empty when they agree.
 * @returns {string[]}
 */
export function diffGraphs(real, drawn) {
  const differences = [];
  for (const group of new Set([...Object.keys(real), ...Object.keys(drawn)])) {
    const want = real[group] ?? { nodes: [], edges: [] };
    const have = drawn[group] ?? { nodes: [], edges: [] };
    const nodes = compareNames(want.nodes, have.nodes);
    const edges = compareNames(want.edges, have.edges);
    for (const node of nodes.missing) differences.push(`${group}: missing node ${node}`);
    for (const node of nodes.extra) differences.push(`${group}: node ${node}, which is no folder`);
    for (const edge of edges.missing) differences.push(`${group}: missing edge ${edge}`);
    for (const edge of edges.extra)
      differences.push(`${group}: edge ${edge}, which no import makes`);
  }
  return differences;
}

/**
 * The text between the graph's markers, or null without them (or with them out of order).
 * @returns {{ before: string, inside: string, after: string } | null}
 */
export function graphBlock(markdown) {
  const start = markdown.indexOf(GRAPH_START);
  const end = markdown.indexOf(GRAPH_END);
  if (start < 0 || end < start) return null;
  return {
    before: markdown.slice(0, start + GRAPH_START.length),
    inside: markdown.slice(start + GRAPH_START.length, end),
    after: markdown.slice(end),
  };
}

/** The document with the graph's block drawn anew (it must have the markers). */
export function withGraph(markdown, graph) {
  const block = graphBlock(markdown);
  if (!block) throw new Error(`no ${GRAPH_START} … ${GRAPH_END} block`);
  return `${block.before}\n\n${renderMermaid(graph)}\n\n${block.after}`;
}

/**
 * The paths of source files a document names in code spans (`apps/web/src/main.tsx`,
 * `files/store/blobs.ts`), with their lines: a span holding a folder and ending in a source file's
 * extension. Addresses (`/albums-preload.js`) and patterns (`<area>`, `{id}`, `*`) are not paths.
 */
export function namedSourcePaths(markdown) {
  const found = [];
  const span = /`([\w.-]+(?:\/[\w.-]+)+\.(?:ts|tsx|mjs|js|css|json))`/g;
  for (const match of markdown.matchAll(span)) {
    found.push({ path: match[1], line: markdown.slice(0, match.index).split('\n').length });
  }
  return found;
}

/** Whether `named` is one of `files` (paths from the root), or the end of one after a folder. */
export function namesAFile(named, files) {
  return files.some((file) => file === named || file.endsWith(`/${named}`));
}
