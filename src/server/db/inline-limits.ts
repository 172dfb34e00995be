import type { SqliteStatement } from 'kysely';

/**
 * SQLite plans a `LIMIT ?` with the value bound at the time (a small limit can change the plan),
 * and so marks the statement to be prepared again whenever that parameter is bound anew. The
 * driver binds every parameter on every run, so a cached statement with `LIMIT ?` was parsed and
 * planned again on each request: 13–41 µs for a page of posts, comments or announcements, more
 * than running it (docs/decisions/0006-hot-paths.md). Here a statement's LIMIT values are written
 * into its text instead, one cached statement per value: a page size takes few values.
 */

/** Variants kept per statement; past this a statement runs with its LIMIT bound, as before. */
export const VARIANTS_PER_STATEMENT = 8;

/** Values written in (never any other): whole numbers a page or a window can take. */
const MAX_INLINED = 10_000;

/**
 * The positions, among a statement's `?` parameters, of those that are a LIMIT's value; null when
 * there are none, or when the text has parameters of another form (numbered or named), whose
 * order this does not follow. Quoted text, quoted names and comments are skipped.
 */
export function limitSlots(sql: string): { slots: number[]; parts: string[] } | null {
  const slots: number[] = [];
  const parts: string[] = [];
  let from = 0;
  let index = 0;
  let lastWord = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = sql.indexOf(c, i + 1);
      i = end < 0 ? sql.length : end + 1;
      lastWord = '';
    } else if (c === '[') {
      const end = sql.indexOf(']', i + 1);
      i = end < 0 ? sql.length : end + 1;
      lastWord = '';
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === '?') {
      if (/[0-9]/.test(sql[i + 1] ?? '')) return null;
      if (lastWord === 'limit') {
        slots.push(index);
        parts.push(sql.slice(from, i));
        from = i + 1;
      }
      index += 1;
      i += 1;
      lastWord = '';
    } else if (c === ':' || c === '@' || c === '$') {
      if (/[A-Za-z_]/.test(sql[i + 1] ?? '')) return null;
      i += 1;
      lastWord = '';
    } else if (/[A-Za-z_]/.test(c)) {
      let end = i + 1;
      while (end < sql.length && /[A-Za-z0-9_]/.test(sql[end]!)) end += 1;
      lastWord = sql.slice(i, end).toLowerCase();
      i = end;
    } else {
      if (!/\s/.test(c)) lastWord = '';
      i += 1;
    }
  }
  if (slots.length === 0) return null;
  parts.push(sql.slice(from));
  return { slots, parts };
}

const inlinable = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INLINED;

/**
 * The statement for `sql` as it is run: with its LIMIT values written in where they are whole
 * numbers, prepared (and cached) through `prepare`; null when it has no `LIMIT ?`.
 */
export function withInlinedLimits(sql: string, prepare: (text: string) => SqliteStatement): SqliteStatement | null {
  const found = limitSlots(sql);
  if (!found) return null;
  const { slots, parts } = found;
  const bound = prepare(sql);
  const variants = new Map<string, SqliteStatement>();
  const resolve = (parameters: ReadonlyArray<unknown>): [SqliteStatement, ReadonlyArray<unknown>] => {
    const values = slots.map((slot) => parameters[slot]);
    if (!values.every(inlinable)) return [bound, parameters];
    const key = values.join(',');
    let statement = variants.get(key);
    if (!statement) {
      if (variants.size >= VARIANTS_PER_STATEMENT) return [bound, parameters];
      statement = prepare(parts.reduce((text, part, i) => (i === 0 ? part : `${text}${values[i - 1]}${part}`), ''));
      variants.set(key, statement);
    }
    return [statement, parameters.filter((_, i) => !slots.includes(i))];
  };
  return {
    reader: bound.reader,
    all: (parameters) => {
      const [statement, rest] = resolve(parameters);
      return statement.all(rest);
    },
    run: (parameters) => {
      const [statement, rest] = resolve(parameters);
      return statement.run(rest);
    },
    iterate: (parameters) => {
      const [statement, rest] = resolve(parameters);
      return statement.iterate(rest);
    },
  };
}
