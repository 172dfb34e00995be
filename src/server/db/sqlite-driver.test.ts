import { describe, expect, it } from 'vitest';
import { loadSqliteDriver, SQLITE_DRIVER } from './sqlite-driver.ts';

/**
 * SQLite 3.54.0 and 3.54.1 mark the parameter of every `column = ?` in a join for re-planning
 * (a small-integer heuristic, re-planned only when the value moves to or from 0 or 1), but their
 * sqlite3_clear_bindings expires a statement with any such mark. better-sqlite3 clears the
 * bindings after each run, so every join was prepared again on every run: a post page cost
 * twice the CPU, a comment's notification audience three times (ADR 0008). The driver for Node
 * 24+ is held at a release with SQLite 3.53 until one ships an SQLite without this.
 */
const REPREPARING_JOINS = ['3.54.0', '3.54.1'];

describe(`the SQLite driver (${SQLITE_DRIVER} on Node ${process.versions.node})`, () => {
  it('carries an SQLite that does not prepare a join again on every run', () => {
    const Database = loadSqliteDriver();
    const db = new Database(':memory:');
    const { version } = db.prepare('select sqlite_version() as version').get() as { version: string };
    db.close();
    expect(version).toMatch(/^3\.\d+\.\d+$/);
    expect(REPREPARING_JOINS).not.toContain(version);
  });
});
