import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../engine.ts';

// A text's `#` heading now sits one level under the heading it is shown beneath (ADR 0023): a
// comment's starts at h3 (under the post page's "Comments" h2), an announcement's at h4 (under
// its own h3 title); they were stored from h2, as a post's is. The HTML already stored follows:
// comments, the versions their edits replaced and the copies reports keep move down one level,
// announcements two. Posts stay as they are.
//
// The tags are shifted rather than the Markdown rendered again: the HTML is our renderer's own,
// sanitised output, where a heading's tags are exactly `<hN>` and `</hN>` (no attributes) and
// any `<` in text, code or an attribute is escaped, so a `<hN>` is only ever a heading. That is
// one statement per table, in the database, where rendering again is a round trip and
// highlight.js's work per row, and would also rewrite whatever else an older renderer wrote
// differently, where this changes the headings only. Levels move from the deepest up (h5
// before h4 ...), so no tag moves twice; h6 stays, as the renderer caps there. What 0012 and
// 0023 rendered (at a post's levels, as was stored then) is moved here with the rest.

/** `column` with every heading `by` levels deeper, at most h6. */
function shifted(column: string, by: number): RawBuilder<string> {
  let html: RawBuilder<string> = sql<string>`${sql.ref(column)}`;
  for (let level = 5; level >= 2; level -= 1) {
    const to = Math.min(6, level + by);
    html = sql<string>`replace(replace(${html}, ${`<h${level}>`}, ${`<h${to}>`}), ${`</h${level}>`}, ${`</h${to}>`})`;
  }
  return html;
}

async function shift(db: Kysely<unknown>, table: string, column: string, by: number): Promise<void> {
  // Only rows with a heading: every heading has its closing tag.
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${shifted(column, by)} where ${sql.ref(column)} like '%</h_>%'`.execute(db);
}

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await shift(db, 'comments', 'comment_html', 1);
  await shift(db, 'comment_revisions', 'comment_html', 1);
  await shift(db, 'reports', 'comment_html', 1);
  await shift(db, 'announcements', 'description_html', 2);
}
