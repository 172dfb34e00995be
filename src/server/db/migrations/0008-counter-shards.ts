import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A site total was one row that every write of its kind updated: on PostgreSQL every comment
// waited for the one before it to commit (the row stays locked until then). Each total is now
// spread over up to COUNTER_SHARDS rows (name, shard); a write moves one of them, a read sums
// them. What was counted moves to shard 0.

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('counters_sharded')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('counters_sharded_pk', ['name', 'shard'])
    .execute();
  await sql`insert into counters_sharded (name, shard, value) select name, 0, value from counters`.execute(db);
  await db.schema.dropTable('counters').execute();
  await db.schema.alterTable('counters_sharded').renameTo('counters').execute();
}
