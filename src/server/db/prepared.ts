import { CompiledQuery, type Compilable, type Kysely, type QueryResult, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Queries built and compiled once, then run with new values.
 *
 * Kysely builds a query as a tree of frozen nodes and compiles the tree to SQL on every call;
 * for the queries behind every page view and every write that costs more than SQLite takes to
 * run them. A prepared query is written with the same builder, with its values replaced by
 * named placeholders (the `a` argument of the builder function); it is compiled once per
 * dialect, and each call only binds the values. The builder function must not look at the
 * values (they are placeholders while it runs); a query whose shape depends on them (the
 * length of an IN list, say) is prepared once per shape.
 */

type Db = Kysely<DB> | Transaction<DB>;

const PLACEHOLDER = Symbol('placeholder');
interface Placeholder {
  readonly [PLACEHOLDER]: string;
}

const isPlaceholder = (value: unknown): value is Placeholder => typeof value === 'object' && value !== null && PLACEHOLDER in value;

/** Every property of the arguments object stands for the value of that name. */
const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_target, key) => (typeof key === 'string' ? { [PLACEHOLDER]: key } : undefined),
});

interface Compiled {
  sql: string;
  /** Per SQL parameter: the name of the argument it takes, or the constant it always is. */
  binds: Array<{ name: string } | { value: unknown }>;
}

export interface PreparedQuery<A, O> {
  /** All rows. */
  execute(db: Db, args: A): Promise<O[]>;
  executeTakeFirst(db: Db, args: A): Promise<O | undefined>;
  /** The driver's whole result (affected rows of a write). */
  run(db: Db, args: A): Promise<QueryResult<O>>;
}

export function prepared<A extends object, O>(build: (db: Db, a: A) => Compilable<O>): PreparedQuery<A, O> {
  // One compilation per dialect: the SQL differs between SQLite and PostgreSQL.
  const compiledByDialect = new Map<unknown, Compiled>();
  const compiledFor = (db: Db): Compiled => {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = compiledByDialect.get(dialect);
    if (!compiled) {
      const query = build(db, placeholders as unknown as A).compile();
      compiled = {
        sql: query.sql,
        binds: query.parameters.map((p) => (isPlaceholder(p) ? { name: p[PLACEHOLDER] } : { value: p })),
      };
      compiledByDialect.set(dialect, compiled);
    }
    return compiled;
  };
  const run = (db: Db, args: A): Promise<QueryResult<O>> => {
    const { sql, binds } = compiledFor(db);
    const values = args as Record<string, unknown>;
    const parameters = binds.map((b) => ('name' in b ? values[b.name] : b.value));
    return db.executeQuery<O>(CompiledQuery.raw(sql, parameters) as CompiledQuery<O>);
  };
  return {
    run,
    execute: async (db, args) => (await run(db, args)).rows,
    executeTakeFirst: async (db, args) => (await run(db, args)).rows[0],
  };
}

/** Prepared queries of one family, one per shape (see prepared()). */
export function preparedByShape<K, A extends object, O>(
  build: (shape: K) => (db: Db, a: A) => Compilable<O>,
): (shape: K, key: string) => PreparedQuery<A, O> {
  const byShape = new Map<string, PreparedQuery<A, O>>();
  return (shape, key) => {
    let query = byShape.get(key);
    if (!query) {
      query = prepared(build(shape));
      byShape.set(key, query);
    }
    return query;
  };
}
