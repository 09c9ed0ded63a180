/**
 * fast-check arbitraries for HTTP requests to the routes of an OpenAPI document: values that fit
 * the schemas, values that almost do, and values that do not at all (wrong types, missing fields,
 * huge strings, unicode, bad cursors and ids, bad JSON, wrong content types), with or without a
 * valid token and XSRF pair.
 */
import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-routes.js';
import { fillPath } from './openapi-routes.js';

/** Real values of this application, so that some requests reach its rules, not only its checks. */
export interface KnownValues {
  idToken: string;
  /** Ids by parameter or field name: albumId, photoId, fileId, id… */
  ids: Record<string, string[]>;
  /** Picture URLs of stored files. */
  pictureUrls: string[];
  /** A refresh token of the identity service. */
  refreshToken: string;
  email: string;
  password: string;
  /** A small real image, for uploads. */
  image: Buffer;
}

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /** The operation, for messages. */
  route: string;
}

const hugeString = fc.integer({ min: 2_000, max: 70_000 }).map((n) => 'x'.repeat(n));

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '../../etc/passwd',
  '%00',
  '%',
  '%ZZ',
  '\uFEFF',
  '\uD800',
  '💥🗑️',
  'ʻokina',
  "'; drop table albums; --",
  '<script>alert(1)</script>',
  '{"$gt":""}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e400',
  '9007199254740993',
  '0x10',
  'true',
  '[]',
  '{}',
  '\r\nX-Injected: 1',
  'a'.repeat(201),
  'a'.repeat(501),
  '/api/files/show/',
  '/api/files/show/../../users/me',
  'http://evil.example/api/files/show/abc',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
);

const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nastyStrings },
  { weight: 1, arbitrary: hugeString },
);

const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Cursors: ours look like base64url JSON of [key, id]; these are not, or almost. */
const badCursors = fc.oneof(
  anyString,
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
    maxLength: 60,
  }),
  anyJson.map((value) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url')),
  fc
    .tuple(anyString, anyString)
    .map(([key, id]) => Buffer.from(JSON.stringify([key, id])).toString('base64url')),
  fc
    .tuple(fc.date({ noInvalidDate: true }), fc.uuid())
    .map(([date, id]) =>
      Buffer.from(JSON.stringify([date.toISOString(), id])).toString('base64url'),
    ),
);

function knownFor(name: string, known: KnownValues): string[] {
  if (/url/i.test(name)) return known.pictureUrls;
  if (name === 'refresh_token' || name === 'refreshToken') return [known.refreshToken];
  if (name === 'email') return [known.email];
  if (name === 'password') return [known.password];
  if (name === 'grant_type') return ['refresh_token'];
  if (name === 'cursor') return [];
  return known.ids[name] ?? [];
}

/** Values for a schema: fitting ones mostly, wrong ones often. */
function valueFor(
  schema: JsonSchema | undefined,
  name: string,
  known: KnownValues,
  depth = 0,
): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(anyJson, anyString, fc.constant(null));
  const fitting = fittingValue(schema, name, known, depth);
  return fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 1, arbitrary: wrong });
}

function fittingValue(
  schema: JsonSchema | undefined,
  name: string,
  known: KnownValues,
  depth: number,
): fc.Arbitrary<unknown> {
  if (!schema) return anyJson;
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), anyString);
  if (schema.anyOf ?? schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf)!;
    return fc.oneof(...options.map((s) => fittingValue(s, name, known, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const knownValues = knownFor(name, known);
  switch (type) {
    case 'string': {
      const sized = fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 60, 60),
      });
      const options: fc.Arbitrary<unknown>[] = [sized, anyString];
      if (name === 'cursor') options.push(badCursors);
      if (name === 'email') options.push(fc.emailAddress());
      if (knownValues.length > 0) options.push(fc.constantFrom(...knownValues));
      return fc.oneof(...options);
    }
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 }),
        fc.integer(),
        fc.double(),
        fc.constantFrom(0, -1, 101, 2 ** 53, Number.MAX_SAFE_INTEGER),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(fittingValue(schema.items, name, known, depth + 1), { maxLength: 5 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFor(schema, known, depth);
    case undefined:
    default:
      return knownValues.length > 0 ? fc.oneof(fc.constantFrom(...knownValues), anyJson) : anyJson;
  }
}

/** An object: each property present or missing, of a fitting or a wrong type, plus extra keys. */
function objectFor(schema: JsonSchema, known: KnownValues, depth: number) {
  const properties = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(
    properties.map(([key, value]) => [key, valueFor(value, key, known, depth + 1)]),
  );
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.dictionary(
        anyString.map((s) => s.slice(0, 30)),
        anyJson,
        { maxKeys: 3 },
      ),
      fc.boolean(),
    )
    .map(([fields, extra, withExtra]) => (withExtra ? { ...extra, ...fields } : fields));
}

type Body = { payload?: string | Buffer; contentType?: string };

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer }[]) {
  const boundary = 'fuzz-boundary-7f3a';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function multipartBodies(known: KnownValues): fc.Arbitrary<Body> {
  const fileData = fc.oneof(
    fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)),
    fc.constant(known.image),
    fc.uint8Array({ maxLength: 500 }).map((a) => Buffer.concat([known.image, Buffer.from(a)])),
    fc.integer({ min: 1, max: known.image.length - 1 }).map((n) => known.image.subarray(0, n)),
    fc.integer({ min: 0, max: known.image.length - 1 }).map((n) => {
      const copy = Buffer.from(known.image);
      copy[n] = copy[n]! ^ 0xff;
      return copy;
    }),
  );
  const part = fc.record({
    name: fc.oneof(
      fc.constant('file'),
      anyString.map((s) => s.replace(/["\r\n]/g, '').slice(0, 20)),
    ),
    filename: fc.option(
      anyString.map((s) => s.replace(/["\r\n]/g, '').slice(0, 40)),
      { nil: undefined },
    ),
    type: fc.option(
      fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream'),
      {
        nil: undefined,
      },
    ),
    data: fileData,
  });
  return fc.oneof(
    fc.array(part, { minLength: 0, maxLength: 4 }).map(multipart),
    // Broken multipart: no boundary, cut short, or garbage.
    fc.array(part, { minLength: 1, maxLength: 2 }).chain((parts) => {
      const body = multipart(parts);
      return fc.integer({ min: 0, max: body.payload.length }).map((cut) => ({
        payload: body.payload.subarray(0, cut),
        contentType: body.contentType,
      }));
    }),
    fc.uint8Array({ maxLength: 500 }).map((a) => ({
      payload: Buffer.from(a),
      contentType: 'multipart/form-data',
    })),
  );
}

function bodies(operation: Operation, known: KnownValues): fc.Arbitrary<Body> {
  const schemaValue = fittingValue(operation.body ?? { type: 'object' }, 'body', known, 0);
  const json = (value: unknown, type = 'application/json'): Body => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: type,
  });
  return fc.oneof(
    { weight: 6, arbitrary: schemaValue.map((v) => json(v)) },
    { weight: 2, arbitrary: anyJson.map((v) => json(v)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          schemaValue,
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'image/png',
            'application/json; charset=utf-16',
            'application/JSON',
            'application/json, text/plain',
            '',
          ),
        )
        .map(([v, type]) => json(v, type)),
    },
    // Bad JSON.
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            '{"name":"x",}',
            'nul',
            '"\\uZZZZ"',
            '\u0000',
            '{"__proto__":{"admin":true}}',
            '{"constructor":{"prototype":{"x":1}}}',
          ),
          schemaValue.map((v) => (JSON.stringify(v) ?? 'null').slice(0, -1)),
          anyString,
        )
        .map((payload) => ({ payload, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(
          anyString.map((s) => s.slice(0, 20)),
          anyString.map((s) => s.slice(0, 300)),
          { maxKeys: 3 },
        )
        .map((fields) => ({
          payload: new URLSearchParams(fields).toString(),
          contentType: 'application/x-www-form-urlencoded',
        })),
    },
    { weight: 1, arbitrary: multipartBodies(known) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

function queryFor(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const params = operation.parameters.filter((p) => p.in === 'query');
  const values = params.map((p) =>
    fc.option(
      fittingValue(p.schema, p.name, known, 0).map(
        (v) => [p.name, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')] as const,
      ),
      { nil: undefined, freq: 3 },
    ),
  );
  const extra = fc.option(
    fc.tuple(
      anyString.map((s) => s.slice(0, 20)),
      anyString.map((s) => s.slice(0, 200)),
    ),
    { nil: undefined, freq: 4 },
  );
  const repeated = fc.option(
    fc.constantFrom(...(params.length > 0 ? params.map((p) => p.name) : ['x'])),
    {
      nil: undefined,
      freq: 6,
    },
  );
  return fc.tuple(fc.tuple(...values), extra, repeated).map(([pairs, more, twice]) => {
    const search = new URLSearchParams();
    for (const pair of pairs) if (pair) search.append(pair[0], pair[1]);
    if (more) search.append(more[0], more[1]);
    if (twice) search.append(twice, 'again');
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

function pathFor(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const params = operation.parameters.filter((p) => p.in === 'path');
  if (params.length === 0) return fc.constant(operation.path);
  const values = params.map((p) => {
    const ids = known.ids[p.name] ?? [];
    const options = [anyString.filter((s) => s.length > 0), badCursors.filter((s) => s.length > 0)];
    if (ids.length > 0)
      options.push(
        fc.constantFrom(...ids),
        fc.constantFrom(...ids).map((id) => id.slice(0, -1)),
      );
    return fc.oneof(...options).map((v) => [p.name, v] as const);
  });
  return fc.tuple(...values).map((pairs) => fillPath(operation.path, Object.fromEntries(pairs)));
}

const credentials = (known: KnownValues) =>
  fc.record({
    token: fc.oneof(
      { weight: 5, arbitrary: fc.constant(known.idToken) },
      { weight: 2, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: anyString },
    ),
    // XSRF: none, the right pair, a wrong header, or the cookie alone.
    xsrf: fc.constantFrom('none', 'pair', 'mismatch', 'cookie-only'),
  });

/** A request to one of the operations, shaped by its schemas and broken in many ways. */
export function requestArbitrary(
  operations: Operation[],
  known: KnownValues,
): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((operation) =>
    fc
      .record({
        path: pathFor(operation, known),
        query: queryFor(operation, known),
        body: operation.method === 'GET' ? fc.constant<Body>({}) : bodies(operation, known),
        auth: credentials(known),
        remoteAddress: fc.ipV4(),
      })
      .map(({ path, query, body, auth, remoteAddress }) => {
        const headers: Record<string, string> = {};
        // Header values can only carry tab, visible ASCII and Latin-1 bytes.
        if (auth.token !== undefined)
          headers.idToken = auth.token.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
        if (auth.xsrf !== 'none') {
          headers.cookie = 'XSRF-TOKEN=fuzz-xsrf-secret';
          if (auth.xsrf === 'pair') headers['x-xsrf-token'] = 'fuzz-xsrf-secret';
          if (auth.xsrf === 'mismatch') headers['x-xsrf-token'] = 'another-secret';
        }
        if (body.contentType !== undefined) headers['content-type'] = body.contentType;
        return {
          method: operation.method,
          url: path + query,
          headers,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          remoteAddress,
          route: `${operation.method} ${operation.path}`,
        };
      }),
  );
}
