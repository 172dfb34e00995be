import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type PgModule from 'pg';
import { DEFERRABLE_MARK } from './deferred.ts';

/**
 * The pool Kysely is given on PostgreSQL. It saves the two costs that dominate a small
 * statement here: planning it, and the round trip to the server (a loopback write wakes the
 * database's process and this one again, and costs more CPU than the statement itself).
 *
 * - Every statement is sent as a named prepared statement, so PostgreSQL parses and plans it
 *   once per connection and then only binds and runs it (Kysely sends each query unnamed,
 *   which costs a parse and a plan every time). The name is a digest of the SQL text, the same
 *   on every connection and every instance.
 * - Inside a transaction, BEGIN and the writes marked deferrable (db/deferred.ts) are held
 *   back and sent with the transaction's next statement, or with its COMMIT, as one pipeline:
 *   one message, one answer. They run in the order they were issued; the first failure fails
 *   the statement they travel with (PostgreSQL skips the rest up to the pipeline's end), and
 *   the transaction rolls back as before. A ROLLBACK drops what was held: nothing held has
 *   effects that outlive it, and a transaction whose BEGIN was never sent needs none at all.
 */

/** Distinct statements named at most; past that (it does not happen with our queries) they go unnamed. */
const NAMED_STATEMENTS_MAX = 2000;

interface Statement {
  name: string | undefined;
  text: string;
  values: unknown[];
}

/** What pg answers for a query, as much of it as Kysely reads. */
interface Answer {
  command: string;
  rowCount: number | null;
  rows: unknown[];
}

const held = (command: string): Promise<Answer> => Promise.resolve({ command, rowCount: null, rows: [] });

// pg's connection internals used below: the statements it has parsed, and its message writers.
interface PgConnection {
  parsedStatements: Record<string, string>;
  stream: { cork?(): void; uncork?(): void };
  bind(config: { portal: string; statement: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
}
interface PgClientInternals {
  connection: PgConnection;
}
/** pg's Query, which turns the answers of the statements into results (one per statement). */
interface PgQuery {
  callback: ((error: Error | null, answer?: Answer) => void) | undefined;
  _results: Answer | Answer[];
  /** A row that could not be parsed (its error is given once the answer is complete). */
  _canceledDueToError: Error | false;
}

export function pipeliningPool(pool: PgModule.Pool, pg: typeof PgModule): PostgresPool {
  const require = createRequire(import.meta.url);
  const { prepareValue } = require('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

  /**
   * Statements that PostgreSQL has parsed on this connection already, bound and run in one
   * message with one Sync: the answer is the last statement's.
   */
  const Query = pg.Query as unknown as new (config: { text: string }) => PgQuery;
  class Pipeline extends Query {
    constructor(
      private readonly statements: ReadonlyArray<Statement & { name: string }>,
      callback: (error: Error | null, answer?: Answer) => void,
    ) {
      super({ text: '' });
      this.callback = callback;
    }

    submit(connection: PgConnection): null {
      connection.stream.cork?.();
      try {
        for (const s of this.statements) {
          connection.bind({ portal: '', statement: s.name, values: s.values, valueMapper: prepareValue });
          connection.describe({ type: 'P', name: '' });
          connection.execute({ portal: '' });
        }
        connection.sync();
      } finally {
        connection.stream.uncork?.();
      }
      return null;
    }

    handleReadyForQuery(): void {
      const failure = this._canceledDueToError;
      if (failure) {
        this._canceledDueToError = false;
        this.callback?.(failure);
        return;
      }
      this.callback?.(null, Array.isArray(this._results) ? this._results.at(-1)! : this._results);
    }
  }

  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS_MAX) {
      name = `cc_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };

  const one = (client: PgModule.PoolClient, s: Statement): Promise<Answer> =>
    (s.name ? client.query({ name: s.name, text: s.text, values: s.values }) : client.query(s.text, s.values)) as Promise<Answer>;

  /** The statements in order, in one message when each is parsed on this connection already. */
  const runAll = async (client: PgModule.PoolClient, statements: Statement[]): Promise<Answer> => {
    const parsed = (client as unknown as PgClientInternals).connection.parsedStatements;
    if (statements.every((s) => s.name !== undefined && parsed[s.name] === s.text)) {
      return new Promise<Answer>((resolve, reject) => {
        void client.query(
          new Pipeline(statements as Array<Statement & { name: string }>, (error, answer) =>
            error ? reject(error) : resolve(answer!),
          ) as never,
        );
      });
    }
    // The first time on this connection: one at a time, which parses them for the next time.
    let answer!: Answer;
    for (const s of statements) answer = await one(client, s);
    return answer;
  };

  const wrappers = new WeakMap<PgModule.PoolClient, PostgresPoolClient>();
  const wrap = (client: PgModule.PoolClient): PostgresPoolClient => {
    /** What is held back, in order, while a transaction is open (its BEGIN first, until sent). */
    let holding: Statement[] = [];
    let inTransaction = false;
    const statement = (text: string, values: unknown[]): Statement => ({ name: nameOf(text), text, values });
    return {
      // Kysely's other overload (a cursor object) is left to pg as it is.
      query: ((text: string | PgModule.Submittable, values?: readonly unknown[]) => {
        if (typeof text !== 'string') return client.query(text);
        const args = values ? [...values] : [];
        if (!inTransaction) {
          if (text === 'begin') {
            inTransaction = true;
            holding = [statement(text, args)];
            return held('BEGIN');
          }
          return args.length > 0 ? one(client, statement(text, args)) : client.query(text);
        }
        if (text.startsWith(DEFERRABLE_MARK)) {
          holding.push(statement(text, args));
          return held('SELECT');
        }
        if (text === 'rollback') {
          inTransaction = false;
          const begun = holding[0]?.text !== 'begin';
          holding = [];
          return begun ? client.query(text) : held('ROLLBACK');
        }
        if (text === 'commit') {
          inTransaction = false;
          // Nothing was sent since BEGIN (a write that found nothing to change): nothing to commit.
          if (holding.length === 1 && holding[0]!.text === 'begin') {
            holding = [];
            return held('COMMIT');
          }
        }
        const batch = [...holding, statement(text, args)];
        holding = [];
        return batch.length === 1 ? one(client, batch[0]!) : runAll(client, batch);
      }) as unknown as PostgresPoolClient['query'],
      release: () => {
        // A connection goes back to the pool only after COMMIT or ROLLBACK; should it not,
        // what was held belongs to nobody any more.
        holding = [];
        inTransaction = false;
        client.release();
      },
    };
  };

  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        // pg listens to a client's errors only while it is idle in the pool: a connection the
        // server ends while a request holds it (a restart, pg_terminate_backend) emitted an error
        // nobody heard, which ended the process. Its query fails already, and the pool drops
        // the broken client when it comes back.
        client.on('error', () => {});
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
