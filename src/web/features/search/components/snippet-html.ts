/**
 * A hit's snippet or titleHtml as HTML to render. The server sends escaped text with <mark>
 * around the matched words and no other element (API.md "Search"); as a second line of defence
 * any "<" that does not open or close a bare <mark> is escaped here, so no other element, and
 * no attribute, can ever be created from it.
 */
export const snippetHtml = (snippet: string): string => snippet.replace(/<(?!\/?mark>)/g, '&lt;');
