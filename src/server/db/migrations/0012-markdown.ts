import type { Kysely } from 'kysely';
import { excerptOf } from '#shared/html-text.ts';
import { renderMarkdown } from '../../lib/markdown/render-markdown.ts';
import type { Engine } from '../engine.ts';

// Posts, comments and announcements are Markdown, stored with the HTML rendered from them when
// they are written (reads never render), a post with its plain-text excerpt; edits keep the
// version before them (post_revisions, comment_revisions). Every existing row is rendered here.

const BATCH = 500;

async function renderAll(db: Kysely<unknown>, table: 'posts' | 'comments' | 'announcements', source: 'description' | 'comment') {
  const k = db as Kysely<Record<string, Record<string, string>>>;
  let after = '';
  for (;;) {
    const rows = await k.selectFrom(table).select(['id', source]).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const html = renderMarkdown(row[source] ?? '');
      const set: Record<string, string> = source === 'comment' ? { comment_html: html } : { description_html: html };
      if (table === 'posts') set.excerpt = excerptOf(html);
      await k.updateTable(table).set(set).where('id', '=', row.id!).execute();
    }
    after = rows.at(-1)!.id!;
  }
}

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('description_html', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('posts').addColumn('edited_at', 'text').execute();
  await db.schema
    .alterTable('comments')
    .addColumn('comment_html', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('comments').addColumn('edited_at', 'text').execute();
  await db.schema
    .alterTable('announcements')
    .addColumn('description_html', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('post_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('editor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('description_html', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_revisions_post_idx').on('post_revisions').columns(['post_id', 'edited_at', 'id']).execute();

  await db.schema
    .createTable('comment_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('editor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('comment_html', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_revisions_comment_idx').on('comment_revisions').columns(['comment_id', 'edited_at', 'id']).execute();

  await renderAll(db, 'posts', 'description');
  await renderAll(db, 'comments', 'comment');
  await renderAll(db, 'announcements', 'description');
}
