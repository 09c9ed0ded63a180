import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from './schema.js';

/** What a prepared query's arguments may be: each one a bound parameter, or absent. */
export type PreparedArgs = Record<string, string | number | undefined>;

/** Stands for an argument while the query is built; its value is bound on each run. */
class Slot {
  constructor(readonly name: string) {}
}

interface Shape {
  query: CompiledQuery;
  /** For each parameter of the compiled query: the argument it takes, or null for a constant. */
  slots: (string | null)[];
}

/**
 * A read query that Kysely builds and compiles once per shape and dialect, then only runs: each
 * run binds its arguments to the compiled SQL's parameters, and SQLite reuses its prepared
 * statement for the same text (database.ts). Building and compiling a query costs about as much
 * as SQLite running a page of it.
 *
 * `build` receives stand-ins for the arguments, so it must use them only as values of the query
 * (never look inside them); it may branch on whether one is undefined: every combination of
 * given arguments is a shape of its own. The arguments named in `literals` are given to `build`
 * as they are, to be written into the SQL text (a row limit: see literalLimit), and each of
 * their values makes a shape of its own.
 */
export function preparedQuery<A extends PreparedArgs, R>(
  build: (db: Db, args: A) => Compilable<R>,
  options: { literals?: readonly (keyof A & string)[] } = {},
): (db: Db, args: A) => Promise<R[]> {
  const literals = new Set<string>(options.literals);
  // Per dialect adapter (a transaction shares its database's), then per set of given arguments.
  const compiled = new WeakMap<object, Map<string, Shape>>();
  return async (db, args) => {
    const adapter = db.getExecutor().adapter;
    let shapes = compiled.get(adapter);
    if (!shapes) {
      shapes = new Map();
      compiled.set(adapter, shapes);
    }
    const given = Object.keys(args).filter((name) => args[name] !== undefined);
    const key = given
      .map((name) => (literals.has(name) ? `${name}=${String(args[name])}` : name))
      .join('\n');
    let shape = shapes.get(key);
    if (!shape) {
      const stand = Object.fromEntries(
        given.map((name) => [name, literals.has(name) ? args[name] : new Slot(name)]),
      );
      const query = build(db, stand as unknown as A).compile();
      shape = {
        query,
        slots: query.parameters.map((value) => (value instanceof Slot ? value.name : null)),
      };
      shapes.set(key, shape);
    }
    const { query, slots } = shape;
    const parameters = query.parameters.map((value, i) => {
      const name = slots[i];
      return name === null || name === undefined ? value : args[name];
    });
    const result = await db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
