import type { Kysely } from 'kysely';
import { renderMarkdown } from '../../lib/markdown/render-markdown.ts';
import type { Engine } from '../engine.ts';

// A report keeps the comment's HTML beside its text as it was reported (API.md: every answer
// carrying a comment's text carries its rendered form), so the admin reads the comment as its
// readers did, not its Markdown source. The reports already filed render the text they keep.

const BATCH = 500;

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('comment_html', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const k = db as Kysely<{ reports: { id: string; comment: string; comment_html: string } }>;
  let after = '';
  for (;;) {
    const rows = await k.selectFrom('reports').select(['id', 'comment']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      await k
        .updateTable('reports')
        .set({ comment_html: renderMarkdown(row.comment) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows.at(-1)!.id;
  }
}
