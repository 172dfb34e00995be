import { CompiledQuery, type Compilable, type Expression, type QueryResult } from 'kysely';
import { runDeferrable } from './deferred.ts';
import { queryDirect } from './direct-sqlite.ts';
import type { Db } from './schema.ts';

/**
 * Queries built and compiled once, then run with new values (docs/decisions/0006-hot-paths.md
 * says which queries are prepared: those on the paths the bench measures).
 *
 * Kysely builds a query as a tree of frozen nodes and compiles the tree to SQL on every call;
 * for the queries behind every page view and every write that costs more than SQLite takes to
 * run them. A prepared query is written with the same builder, with its values replaced by
 * named placeholders (the `a` argument of the builder function); it is compiled once per
 * engine, and each call only binds the values. While the builder runs, an argument is not its
 * value but an opaque placeholder: it can be put wherever the builder takes a value, and
 * nothing else — branching on it (`a.first ? … : …`) or doing arithmetic with it fails to
 * compile, since either would be decided once, on the placeholder, for every later call. A
 * query whose shape depends on the values (the length of an IN list, say) is prepared once
 * per shape (preparedByShape). On SQLite a call runs on the connection itself, past Kysely's
 * executor, wherever that is safe (db/direct-sqlite.ts).
 */

const PLACEHOLDER = Symbol('placeholder');
interface PlaceholderValue {
  readonly [PLACEHOLDER]: string;
}

/**
 * What the builder gets for an argument of type T. At run time it is a plain object that
 * Kysely binds as a parameter (and compile() reports where); its type is an expression of T,
 * so the builder takes it as a value, intersected with a function type, so that TypeScript
 * refuses to test it for truth ("this condition will always return true").
 */
export type Placeholder<T> = Expression<T> & (() => never);
export type Placeholders<A> = { readonly [K in keyof A]: Placeholder<A[K]> };
/** The arguments of a prepared query, as its builder sees them: `(db, a: Args<{ id: string }>) => …`. */
export type Args<A> = Placeholders<A>;

const isPlaceholder = (value: unknown): value is PlaceholderValue => typeof value === 'object' && value !== null && PLACEHOLDER in value;

/** Every property of the arguments object stands for the value of that name. */
const placeholders = new Proxy({} as Record<string, PlaceholderValue>, {
  get: (_target, key) => (typeof key === 'string' ? { [PLACEHOLDER]: key } : undefined),
});

interface Compiled {
  sql: string;
  /** Per SQL parameter: the name of the argument it takes, or the constant it always is. */
  binds: Array<{ name: string } | { value: unknown }>;
}

export interface PreparedQuery<A, O> {
  /** The statement with these values bound, to run later (db/combined-writes.ts). */
  bind(db: Db, args: A): CompiledQuery<O>;
  /** All rows. */
  execute(db: Db, args: A): Promise<O[]>;
  executeTakeFirst(db: Db, args: A): Promise<O | undefined>;
  /** The driver's whole result (affected rows of a write). */
  run(db: Db, args: A): Promise<QueryResult<O>>;
  /**
   * A write whose answer is not read: on PostgreSQL it travels with the next statement of its
   * transaction (db/deferred.ts), and a failure surfaces there.
   */
  runDeferrable(db: Db, args: A): Promise<void>;
}

export function prepared<A extends object, O>(build: (db: Db, a: Placeholders<A>) => Compilable<O>): PreparedQuery<A, O> {
  // One compilation per engine: the SQL differs between SQLite and PostgreSQL.
  const compiledByDialect = new Map<unknown, Compiled>();
  const compiledFor = (db: Db): Compiled => {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = compiledByDialect.get(dialect);
    if (!compiled) {
      const query = build(db, placeholders as unknown as Placeholders<A>).compile();
      compiled = {
        sql: query.sql,
        binds: query.parameters.map((p) => (isPlaceholder(p) ? { name: p[PLACEHOLDER] } : { value: p })),
      };
      compiledByDialect.set(dialect, compiled);
    }
    return compiled;
  };
  const parametersOf = (binds: Compiled['binds'], args: A): unknown[] => {
    const values = args as Record<string, unknown>;
    return binds.map((b) => ('name' in b ? values[b.name] : b.value));
  };
  const bind = (db: Db, args: A): CompiledQuery<O> => {
    const { sql, binds } = compiledFor(db);
    return CompiledQuery.raw(sql, parametersOf(binds, args)) as CompiledQuery<O>;
  };
  const run = async (db: Db, args: A): Promise<QueryResult<O>> => {
    const { sql, binds } = compiledFor(db);
    return queryDirect<O>(db, sql, parametersOf(binds, args));
  };
  return {
    bind,
    run,
    runDeferrable: (db, args) => runDeferrable(db, bind(db, args)),
    execute: async (db, args) => (await run(db, args)).rows,
    executeTakeFirst: async (db, args) => (await run(db, args)).rows[0],
  };
}

/** The same text for equal shapes: a number, a string, or an object's fields in key order. */
function keyOf(shape: unknown): string {
  if (shape === null || typeof shape !== 'object') return JSON.stringify(shape);
  const entries = Object.entries(shape as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${keyOf(v)}`).join(',')}}`;
}

/** Prepared queries of one family, one per shape (see prepared()), found by the shape itself. */
export function preparedByShape<K, A extends object, O>(
  build: (shape: K) => (db: Db, a: Placeholders<A>) => Compilable<O>,
): (shape: K) => PreparedQuery<A, O> {
  const byShape = new Map<string, PreparedQuery<A, O>>();
  return (shape) => {
    const key = keyOf(shape);
    let query = byShape.get(key);
    if (!query) {
      query = prepared(build(shape));
      byShape.set(key, query);
    }
    return query;
  };
}

/** A list of ids as named placeholders `k0`, `k1`, … (one prepared query per length): in the query… */
export const listOf = (a: Args<Record<string, string>>, n: number) => Array.from({ length: n }, (_, i) => a[`k${i}`]!);
/** …and in its arguments. */
export const listArgs = (ids: readonly string[]): Record<string, string> => Object.fromEntries(ids.map((id, i) => [`k${i}`, id]));
