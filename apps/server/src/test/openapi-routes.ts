/** The routes of the running application, read from its own OpenAPI document. */
import type { FastifyInstance } from 'fastify';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  $ref?: string;
  [key: string]: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /** As the document writes it, e.g. /api/photos/{photoId}. */
  path: string;
  /** Whether the document says the operation needs the idToken header. */
  needsToken: boolean;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  /** The body's media types, e.g. application/json, multipart/form-data. */
  bodyTypes: string[];
}

interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RawOperation {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export async function readOpenApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`no OpenAPI document: ${res.statusCode}`);
  return res.json<OpenApiDocument>();
}

/** Every operation of the document, with $refs to shared schemas resolved. */
export async function listOperations(app: FastifyInstance): Promise<Operation[]> {
  const doc = await readOpenApiDocument(app);
  const shared = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
    if (!schema || depth > 8) return schema;
    if (schema.$ref) return resolve(shared[schema.$ref.split('/').pop() ?? ''], depth + 1);
    const out: JsonSchema = { ...schema };
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1) ?? {}]),
      );
    }
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    if (schema.anyOf) out.anyOf = schema.anyOf.map((s) => resolve(s, depth + 1) ?? {});
    if (schema.oneOf) out.oneOf = schema.oneOf.map((s) => resolve(s, depth + 1) ?? {});
    return out;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const security = raw.security ?? doc.security ?? [];
      const content = raw.requestBody?.content ?? {};
      const bodyTypes = Object.keys(content);
      const jsonBody = content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        needsToken: security.length > 0,
        parameters: (raw.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        body: resolve(jsonBody),
        bodyTypes,
      });
    }
  }
  return operations;
}

/** The operation's path with each {param} replaced, percent-encoded as UTF-8 bytes. */
export function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    percentEncode(values[name] ?? `no-such-${name}`),
  );
}

/** Like encodeURIComponent, but a lone surrogate becomes U+FFFD instead of an exception. */
function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
