import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

/** What Fastify gives a serializer compiler for one status of one route. */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
}

function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error(`A response schema must be a zod schema: ${JSON.stringify(schema)}`);
}

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The JSON Schema with every `anyOf: [<primitive>, { type: 'null' }]` (what zod makes of
 * `.nullable()`) written as one schema of both types, `type: [<primitive>, 'null']`. The two say
 * the same; fast-json-stringify writes the second with a type test, where for `anyOf` it runs a
 * validator over each branch for every value (checking a date-time's format as it goes): 50 albums
 * with three nullable fields were written in 118–150 µs that way, in 54–63 µs this way
 * (decision 0048).
 */
export function nullablesAsTypeLists(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullablesAsTypeLists);
  if (!node || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = nullablesAsTypeLists(value);
  const branches = copy.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return copy;
  const isNull = (branch: unknown) =>
    typeof branch === 'object' &&
    branch !== null &&
    Object.keys(branch).length === 1 &&
    (branch as { type?: unknown }).type === 'null';
  const nullAt = branches.findIndex(isNull);
  const other = branches[1 - nullAt] as Record<string, unknown> | undefined;
  if (
    nullAt === -1 ||
    !other ||
    typeof other.type !== 'string' ||
    !PRIMITIVE_TYPES.has(other.type) ||
    ['anyOf', 'oneOf', 'allOf', '$ref'].some((key) => key in other)
  ) {
    return copy;
  }
  const { anyOf: _branches, ...rest } = copy;
  return { ...other, ...rest, type: [other.type, 'null'] };
}

/** Serializers compiled in this process, by the text of their JSON Schema. */
const compiled = new Map<string, Stringify>();

/**
 * fast-json-stringify compiled from a zod schema's JSON Schema (what the OpenAPI document shows):
 * it writes the properties the contract names, in its order, and nothing else. Compiling takes
 * 1–2 ms a schema; each application of a process (the tests build hundreds) compiles a given
 * schema once.
 */
function compiledStringify(schema: z.ZodType): Stringify {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
  const key = JSON.stringify(jsonSchema);
  let stringify = compiled.get(key);
  if (!stringify) {
    stringify = fastJson(nullablesAsTypeLists(jsonSchema) as Parameters<typeof fastJson>[0]);
    compiled.set(key, stringify);
  }
  return stringify;
}

/**
 * Answers are written by fast-json-stringify, compiled once per route and status from the
 * route's zod response schema: only the properties the contract names leave the server, and the
 * answer is written without zod first validating and copying it (decision 0040).
 *
 * With `checkAnswers` (the tests'), every answer is also validated by zod, and what
 * fast-json-stringify wrote must read back as exactly what zod made of it: an answer that breaks
 * its contract, or a schema the two read differently, fails the request with a 500. There a
 * route's serializer is compiled when the route first answers, not when the application starts:
 * most tests build an application and call a few of its routes.
 */
export function answerSerializerCompiler(options: { checkAnswers: boolean }) {
  return ({ schema, method, url }: RouteSchema): Stringify => {
    const zodSchema = zodSchemaOf(schema);
    if (!options.checkAnswers) return compiledStringify(zodSchema);
    let stringify: Stringify | undefined;
    return (data) => {
      stringify ??= compiledStringify(zodSchema);
      const result = zodSchema.safeParse(data);
      if (!result.success) {
        throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      const written = stringify(data);
      const expected: unknown = JSON.parse(JSON.stringify(result.data) ?? 'null');
      if (!isDeepStrictEqual(JSON.parse(written), expected)) {
        throw new Error(
          `The answer to ${method} ${url} was written as ${written}, where its contract reads ${JSON.stringify(expected)}.`,
        );
      }
      return written;
    };
  };
}
