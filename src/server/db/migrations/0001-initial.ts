import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// The whole schema of the product. Our own tables use text ids (UUIDv7), integer counters and
// ISO-8601 text timestamps, which read back the same on both engines. Better Auth's tables
// use the types its adapter expects per engine (see docs/decisions/0002-portable-schema.md).

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const pgsql = engine === 'postgres';
  const time = pgsql ? 'timestamptz' : 'text';
  const bool = pgsql ? 'boolean' : 'integer';
  const blob = pgsql ? 'bytea' : 'blob';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('Client'))
    .addColumn('membership', 'text', (c) => c.notNull().defaultTo('Bronze'))
    .addColumn('banned_at', 'text')
    // Stored so the post limit is one conditional UPDATE, atomic on both engines.
    .addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_name_idx').on('users').columns(['name', 'id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', time)
    .addColumn('refresh_token_expires_at', time)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_user_idx').on('accounts').column('user_id').execute();
  await db.schema.createIndex('accounts_provider_idx').on('accounts').columns(['provider_id', 'account_id']).execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();

  await db.schema
    .createTable('banned_emails')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('banned_at', 'text', (c) => c.notNull())
    .addColumn('banned_by', 'text')
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tag', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('up_votes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('down_votes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Every ordering API.md asks for is backed by an index ending in the id.
  await db.schema.createIndex('posts_newest_idx').on('posts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('posts_popularity_idx').on('posts').columns(['score', 'created_at', 'id']).execute();
  await db.schema.createIndex('posts_author_idx').on('posts').columns(['author_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('posts_category_idx').on('posts').columns(['category', 'created_at', 'id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_post_idx').on('comments').columns(['post_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('comments_author_idx').on('comments').columns(['author_id', 'created_at']).execute();
  await db.schema.createIndex('comments_created_idx').on('comments').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('votes')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('votes_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('votes_user_idx').on('votes').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('votes_created_idx').on('votes').columns(['created_at']).execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('comment_id', 'text', (c) => c.notNull().unique().references('comments.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_created_idx').on('reports').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('announcements_created_idx').on('announcements').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', blob, (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_owner_idx').on('images').column('owner_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('intent_id', 'text', (c) => c.notNull().unique())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user_idx').on('payments').columns(['user_id', 'created_at']).execute();

  // Stripe webhook events already handled, so a replayed delivery changes nothing.
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  // Leaderboard points per member per UTC day, moved with each post, comment and vote, so
  // "the last 7 days" sums at most 7 rows per active member instead of scanning the content.
  await db.schema
    .createTable('activity_daily')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('posts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('activity_daily_pk', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('activity_daily_day_idx').on('activity_daily').columns(['day', 'user_id']).execute();

  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into counters (name, value) values ('posts', 0), ('comments', 0), ('users', 0), ('announcements', 0), ('reports', 0)`.execute(
    db,
  );
}
