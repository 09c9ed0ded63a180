import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Each module queries its own tables: another module's rows are asked of that module (an
 * exported function), or read through a read model declared below. This test reads the source
 * (no database): it fails, naming the file and the table, when a module's code names a table it
 * does not own in a query (selectFrom, insertInto, updateTable, deleteFrom, a join, a `with`, or
 * `from` / `join` / `into` / `update` inside a sql`` template).
 *
 * Not scanned: tests and test support; `backup/`, which reads and writes every table by design;
 * `lib/access.ts`, the access rule's SQL form (albums and their members), which every module's
 * list queries apply; `db/migrations/`, which are frozen.
 */

type Owner =
  | 'activity'
  | 'albums'
  | 'comments'
  | 'db'
  | 'downloads'
  | 'files'
  | 'identity'
  | 'likes'
  | 'marks'
  | 'memories'
  | 'locked'
  | 'people'
  | 'photos'
  | 'sharing'
  | 'trash'
  | 'uploads'
  | 'users';

/**
 * Which module owns each table of db/schema.ts's `Database` (it writes the rows and answers every
 * question about them). Tables that belong to no module belong to `db/`. A new table must be given
 * an owner here.
 */
const TABLE_OWNERS: Record<string, Owner> = {
  // db/: the signing keys of the embedded identity service and the request counters.
  identity_signing_keys: 'db',
  rate_limit_counters: 'db',
  identity_accounts: 'identity',
  identity_refresh_tokens: 'identity',
  identity_oob_codes: 'identity',
  identity_sign_ins: 'identity',
  identity_sign_in_failures: 'identity',
  identity_sign_in_budgets: 'identity',
  identity_trusted_devices: 'identity',
  identity_mfa_factors: 'identity',
  identity_mfa_pending: 'identity',
  identity_mfa_recovery_codes: 'identity',
  identity_sso_requests: 'identity',
  identity_sso_links: 'identity',
  identity_sso_handoffs: 'identity',
  identity_passkeys: 'identity',
  identity_passkey_challenges: 'identity',
  users: 'users',
  first_account: 'users',
  files: 'files',
  albums: 'albums',
  photos: 'photos',
  photo_months: 'photos',
  everyone_months: 'photos',
  comments: 'comments',
  comment_events: 'comments',
  photo_likes: 'likes',
  album_members: 'sharing',
  album_invitations: 'sharing',
  album_links: 'sharing',
  download_tickets: 'downloads',
  resumable_uploads: 'uploads',
  activities: 'activity',
  trashed_photos: 'trash',
  trashed_albums: 'trash',
  favourites: 'marks',
  archived_files: 'marks',
  locked_photos: 'locked',
  locked_sessions: 'locked',
  people: 'people',
  faces: 'people',
  face_scans: 'people',
  hidden_memories: 'memories',
};

/**
 * Read models: rows of one module that others read in their own queries (joins, subqueries),
 * never write (a write of another module's table fails, but PERSON_ROW_COLUMNS). Each is named,
 * with who reads it and why; a module reading a table not listed for it fails.
 */
const READ_MODELS: readonly {
  name: string;
  tables: readonly string[];
  readers: readonly string[];
  why: string;
}[] = [
  {
    name: 'people',
    tables: ['users'],
    readers: [
      'activity',
      'admin',
      'albums',
      'comments',
      'digests',
      'files',
      'identity',
      'likes',
      'link-previews',
      'photos',
      'sharing',
      'trash',
    ],
    why: 'a person as others show or reach them: name, proven address, language, their marks',
  },
  {
    name: 'album access',
    tables: ['albums', 'album_members'],
    readers: [
      'activity',
      'albums',
      'comments',
      'digests',
      'downloads',
      'link-previews',
      'locked',
      'photos',
      'places',
      'sharing',
      'timeline',
      'trash',
    ],
    why: "the access rule's SQL form (lib/access.ts) reads the album and the caller's membership; a zip reads whose album it is and whether it shows places",
  },
  {
    name: 'photo files',
    tables: ['photos', 'files'],
    readers: [
      'activity',
      'albums',
      'comments',
      'downloads',
      'link-previews',
      'marks',
      'locked',
      'people',
      'photos',
      'places',
      'timeline',
      'trash',
      'users',
    ],
    why: "what a list shows of a photo (its file's picture, kind and sizes) and whose it is, and where its owner took it (the map)",
  },
  {
    name: 'timeline months',
    tables: ['photo_months', 'everyone_months'],
    readers: ['timeline'],
    why: "the timeline's month counts, kept by the photos module as photos come and go",
  },
  {
    name: 'personal marks',
    tables: ['favourites', 'archived_files'],
    readers: ['albums', 'people', 'photos', 'places', 'timeline'],
    why: "the viewer's own favourites and archived files, in their answers and their Photos",
  },
  {
    name: 'person faces',
    tables: ['faces'],
    readers: ['timeline'],
    why: "a person's page is the Photos grid of the files showing their faces",
  },
  {
    name: 'photo reactions',
    tables: ['comments', 'photo_likes'],
    readers: ['photos'],
    why: "a photo's comment and like counts, counted in the query of its page",
  },
  {
    name: 'sign-in facts',
    tables: ['identity_accounts'],
    readers: ['admin'],
    why: "the embedded identity service's verified flag, beside each account in the admin list",
  },
];

/**
 * The person's row (`users`, the users module's) also keeps a few facts of other modules, each
 * written only by its module, and only these columns (checked in every `.set({...})` of an
 * `updateTable('users')`): their read mark, digest settings, the administrator's switches, the
 * storage they use, their last sign-in.
 */
const PERSON_ROW_COLUMNS: Record<string, readonly string[]> = {
  activity: ['activity_read_at'],
  admin: ['disabled_at', 'quota_bytes', 'last_sign_in_at'],
  digests: ['digest', 'digest_sent_at'],
  files: ['storage_used'],
  identity: ['last_sign_in_at'],
};

/**
 * Writes that cross the module graph the wrong way, so the owner cannot be asked: albums makes an
 * album's first photo (its cover) in the album's transaction, and photos imports albums.
 */
const AGAINST_THE_GRAPH: readonly { module: string; table: string; why: string }[] = [
  { module: 'albums', table: 'photos', why: "an album's first photo, made with it" },
];

const srcDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) return [];
    if (/\.test\.ts$|test-support\.ts$/.test(entry.name)) return [];
    return [file];
  });
}

/** The code without its comments (a comment naming a table is no query). */
function withoutComments(text: string): string {
  // Comments that start a line: a '/*' inside a string ('image/*') starts none.
  return text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');
}

const BUILDER_CALL =
  /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|with|withRecursive)\(\s*(\[[^\]]*\]|['"`][^'"`]*['"`])/g;
const BUILDER_WRITES = new Set([
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
]);
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const SQL_TABLE = /\b(delete\s+from|into|update|from|join)\s+"?([a-z_][a-z0-9_]*)/gi;

type Access = 'read' | 'write';

/** The tables of the schema a piece of code names in its queries, and whether it writes them. */
export function tablesNamed(code: string): Map<string, Access> {
  const names = new Map<string, Access>();
  const add = (name: string, access: Access) => {
    if (!(name in TABLE_OWNERS)) return;
    if (names.get(name) !== 'write') names.set(name, access);
  };
  const text = withoutComments(code);
  for (const [, method, argument] of text.matchAll(BUILDER_CALL)) {
    const access = BUILDER_WRITES.has(method ?? '') ? 'write' : 'read';
    for (const [, quoted] of (argument ?? '').matchAll(/['"`]([^'"`]*)['"`]/g)) {
      add((quoted ?? '').trim().split(/\s+/)[0] ?? '', access);
    }
  }
  for (const [, body] of text.matchAll(SQL_TEMPLATE)) {
    for (const [, verb, name] of (body ?? '').matchAll(SQL_TABLE)) {
      const access = /^(from|join)$/i.test(verb ?? '') ? 'read' : 'write';
      add((name ?? '').toLowerCase(), access);
    }
  }
  return names;
}

function schemaTables(): string[] {
  const schema = fs.readFileSync(path.join(srcDir, 'db', 'schema.ts'), 'utf8');
  const body = /export interface Database \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1] ?? '');
}

/**
 * Each scanned file with its module: `modules/<name>/...`; `read-models` for the read models'
 * queries in db/read-models/ (decision 0074: named, read-only queries across modules' tables,
 * which a module puts in its own statements); `db` for db/'s own queries.
 */
function scannedFiles(): { module: string; file: string }[] {
  const modulesDir = path.join(srcDir, 'modules');
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      sourceFiles(path.join(modulesDir, entry.name)).map((file) => ({ module: entry.name, file })),
    );
  const db = sourceFiles(path.join(srcDir, 'db'))
    .filter((file) => path.basename(file) !== 'schema.ts')
    .map((file) => ({
      module: path.basename(path.dirname(file)) === 'read-models' ? 'read-models' : 'db',
      file,
    }));
  return [...modules, ...db];
}

function allowed(module: string, table: string, access: Access): boolean {
  if (TABLE_OWNERS[table] === module) return true;
  // A read model of db/read-models/ reads the tables it is named for, and writes none.
  if (module === 'read-models') return access === 'read';
  if (access === 'write') return table === 'users' && module in PERSON_ROW_COLUMNS;
  return READ_MODELS.some(
    (model) => model.tables.includes(table) && model.readers.includes(module),
  );
}

const EXCEPTIONS = AGAINST_THE_GRAPH;
const isKnown = (module: string, table: string) =>
  EXCEPTIONS.some((entry) => entry.module === module && entry.table === table);

/** The keys of an object literal's body: `a: 1, b, c: f(x, y)` gives a, b, c. */
function objectKeys(body: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let part = '';
  for (const char of `${body},`) {
    if ('([{'.includes(char)) depth += 1;
    if (')]}'.includes(char)) depth -= 1;
    if (char === ',' && depth === 0) {
      const key = part.split(':')[0]?.trim() ?? '';
      if (key) keys.push(key);
      part = '';
    } else part += char;
  }
  return keys;
}

/** The columns each `updateTable('users')` of the code sets (a key, or a shorthand). */
export function personColumnsSet(code: string): string[] {
  const text = withoutComments(code);
  const update = /updateTable\(\s*'users'\s*\)[^;]*?\.set\(\s*(?:\(\w+\)\s*=>\s*\(\s*)?\{/g;
  const columns: string[] = [];
  for (const match of text.matchAll(update)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let end = start;
    while (depth > 0 && end < text.length) {
      if (text[end] === '{') depth += 1;
      if (text[end] === '}') depth -= 1;
      end += 1;
    }
    columns.push(...objectKeys(text.slice(start, end - 1)));
  }
  return columns;
}

describe('table owners', () => {
  it('gives every table of the schema an owner, and names no table the schema lacks', () => {
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !tables.includes(table))).toEqual([]);
    const modelTables = READ_MODELS.flatMap((model) => model.tables);
    expect(modelTables.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
  });

  it('finds the tables a query names, in the builder and in sql templates', () => {
    const code = `
      db.selectFrom('photos as p').innerJoin('albums', 'albums.id', 'p.album_id');
      // db.selectFrom('comments') in a comment is no query
      db.with('recent', (q) => q.selectFrom(['files', 'users as u']));
      sql\`delete from photo_likes where user_id = \${id}\`;
      sql<number>\`select 1 from "activities" join album_members on true\`;
    `;
    expect(Object.fromEntries([...tablesNamed(code)].sort())).toEqual({
      activities: 'read',
      album_members: 'read',
      albums: 'read',
      files: 'read',
      photo_likes: 'write',
      photos: 'read',
      users: 'read',
    });
  });

  it("finds the columns set on the person's row", () => {
    const code = `
      db.updateTable('users').set({ digest, digest_sent_at: now }).where('id', '=', id);
      db.updateTable('users')
        .set((eb) => ({ storage_used: eb('storage_used', '+', f(a, { b: 1 })) }))
        .execute();
    `;
    expect(personColumnsSet(code)).toEqual(['digest', 'digest_sent_at', 'storage_used']);
  });

  it("finds no module naming another module's table, but through a read model", () => {
    const violations: string[] = [];
    const used = new Set<string>();
    for (const { module, file } of scannedFiles()) {
      for (const [table, access] of tablesNamed(fs.readFileSync(file, 'utf8'))) {
        if (allowed(module, table, access)) continue;
        if (isKnown(module, table)) {
          used.add(`${module}:${table}`);
          continue;
        }
        violations.push(
          `${path.relative(srcDir, file)} ${access === 'write' ? 'writes' : 'reads'} ${table}, ` +
            `owned by ${TABLE_OWNERS[table]}: ask that module` +
            (access === 'read' ? ', or declare a read model' : ''),
        );
      }
    }
    expect(violations).toEqual([]);
    const stale = EXCEPTIONS.filter((entry) => !used.has(`${entry.module}:${entry.table}`));
    expect(stale, 'exceptions no longer needed: remove them').toEqual([]);
  });

  it("writes on the person's row only the columns each module keeps there", () => {
    const violations: string[] = [];
    for (const { module, file } of scannedFiles()) {
      if (TABLE_OWNERS.users === module) continue;
      const mine = PERSON_ROW_COLUMNS[module] ?? [];
      for (const column of personColumnsSet(fs.readFileSync(file, 'utf8'))) {
        if (!mine.includes(column)) {
          violations.push(
            `${path.relative(srcDir, file)} sets users.${column}: ask the users module`,
          );
        }
      }
    }
    expect(violations).toEqual([]);
  });
});
