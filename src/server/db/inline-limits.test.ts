import { afterEach, describe, expect, it } from 'vitest';
import { limitSlots, VARIANTS_PER_STATEMENT, withInlinedLimits } from './inline-limits.ts';
import { loadSqliteDriver } from './sqlite-driver.ts';

describe('LIMIT values written into a statement', () => {
  it('finds the parameters that are a LIMIT, not an OFFSET, nor a ? in quotes or comments', () => {
    const sql = `select "a?", 'b?' from t -- limit ?\n where x = ? /* limit ? */ order by x LIMIT ? offset ?`;
    expect(limitSlots(sql)).toEqual({
      slots: [1],
      parts: [`select "a?", 'b?' from t -- limit ?\n where x = ? /* limit ? */ order by x LIMIT `, ' offset ?'],
    });
    expect(limitSlots('select * from (select id from t where a = ? limit ?) union all select id from u limit ?')?.slots).toEqual([1, 2]);
    expect(limitSlots('select * from t where a = ?')).toBeNull();
    // Numbered or named parameters: their order is not the text's, so nothing is touched.
    expect(limitSlots('select * from t where a = ?2 limit ?1')).toBeNull();
    expect(limitSlots('select * from t where a = :a limit ?')).toBeNull();
  });

  describe('on a real SQLite connection', () => {
    const Database = loadSqliteDriver();
    const db = new Database(':memory:');
    db.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b'), ('c'), ('d'), ('e')");
    const prepared: string[] = [];
    const prepare = (text: string) => {
      prepared.push(text);
      return db.prepare(text);
    };
    afterEach(() => {
      prepared.length = 0;
    });
    const sql = 'select name from t where id > ? order by id limit ? offset ?';

    it('runs the statement with its limit written in, one statement per value, and the same rows as bound', () => {
      const statement = withInlinedLimits(sql, prepare)!;
      expect(statement.all([0, 2, 1])).toEqual([{ name: 'b' }, { name: 'c' }]);
      expect(statement.all([1, 2, 0])).toEqual([{ name: 'b' }, { name: 'c' }]);
      expect(statement.all([0, 3, 0])).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
      expect(prepared).toEqual([
        sql,
        'select name from t where id > ? order by id limit 2 offset ?',
        'select name from t where id > ? order by id limit 3 offset ?',
      ]);
      expect(db.prepare(sql).all(0, 3, 0)).toEqual(statement.all([0, 3, 0]));
    });

    it('keeps a value that is not a small whole number bound, and stops adding statements past its share', () => {
      const statement = withInlinedLimits(sql, prepare)!;
      expect(statement.all([0, '2', 0])).toEqual([{ name: 'a' }, { name: 'b' }]);
      expect(statement.all([0, -1, 0])).toHaveLength(5);
      expect(prepared).toEqual([sql]);
      for (let limit = 1; limit <= VARIANTS_PER_STATEMENT + 3; limit += 1) {
        expect(statement.all([0, limit, 0])).toHaveLength(Math.min(limit, 5));
      }
      expect(prepared).toHaveLength(1 + VARIANTS_PER_STATEMENT);
    });

    it('leaves a statement without LIMIT ? to the caller', () => {
      expect(withInlinedLimits('select name from t where id = ?', prepare)).toBeNull();
      expect(withInlinedLimits('select name from t limit 2', prepare)).toBeNull();
      expect(prepared).toEqual([]);
    });
  });
});
