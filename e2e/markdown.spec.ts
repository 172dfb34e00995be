import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from './axe.ts';
import { apiAdmin, apiCreatePost, apiSignUp, ensureTags, ORIGIN, signInBrowserAs, type ApiMember } from './helpers.ts';

// Markdown and editing (API.md "Beyond SPEC.md"): writing with the editor, the preview, the
// highlighted code on the post page, an edit and its history; stored HTML never runs script.

let admin: ApiMember;

test.beforeAll(async ({ request }) => {
  admin = await apiAdmin(request);
  await ensureTags(request, admin, ['typescript']);
});

async function expectNoSeriousViolations(page: Page) {
  const violations = await new AxeBuilder(page).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('a member writes a post with code and a table, previews it, publishes, edits it and reads its history', async ({ page, request }) => {
  const member = await apiSignUp(request, 'Markdown Mia');
  await signInBrowserAs(page, member);
  const title = `Typed post ${Date.now().toString(36)}`;

  await page.goto('/dashboard/add-post');
  await page.getByLabel('Title').fill(title);
  const description = page.getByLabel('Description');
  await description.fill('Compare the options:\n\n| option | speed |\n| --- | --- |\n| fast | high |\n\n');
  // The toolbar's code block, a language on its fence, and Tab indenting inside it.
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Code block' }).click();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.type('ts');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('function answer(): number {');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.type('return 42;');
  await page.keyboard.press('Enter');
  await page.keyboard.type('}');
  await expect(description).toBeFocused();
  await expect(description).toHaveValue(/```ts\nfunction answer\(\): number \{\n {2}return 42;\n\}\n```/);
  // Ctrl+B on a word.
  await description.press('Control+End');
  await description.press('Enter');
  await page.keyboard.type('Done');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Control+B');
  await expect(description).toHaveValue(/\*\*Done\*\*$/);

  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.getByRole('cell', { name: 'fast' })).toBeVisible();
  await expect(preview.locator('code.language-ts .hljs-keyword').first()).toHaveText('function');
  await expectNoSeriousViolations(page);
  await page.getByRole('tab', { name: 'Write' }).click();

  await page.getByLabel('Tag').selectOption('typescript');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Successfully Post Created!')).toBeVisible();

  // On home, the card shows the excerpt; the post page shows the highlighted code.
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Compare the options:');
  await card.getByRole('link', { name: title }).click();
  const article = page.getByRole('article').first();
  await expect(article.locator('pre code.language-ts .hljs-keyword').first()).toHaveText('function');
  await expect(article.getByRole('table')).toBeVisible();
  await expect(article.locator('strong', { hasText: 'Done' })).toBeVisible();
  await expect(article.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Edit: the earlier version goes to the history.
  await article.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit post' });
  await editor.getByLabel('Description').press('Control+End');
  await page.keyboard.type('\n\nAn afterthought.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(article).toContainText('An afterthought.');

  await article.getByRole('button', { name: 'edited', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  const versions = history.getByRole('list', { name: 'Earlier versions, newest first' }).getByRole('listitem');
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText('Markdown Mia');
  await expect(versions.first()).toContainText('Compare the options:');
  await expect(versions.first()).not.toContainText('An afterthought.');
  await expect(versions.first().locator('code.language-ts .hljs-keyword').first()).toHaveText('function');
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSeriousViolations(page);
  await history.getByRole('button', { name: 'Close' }).click();
});

test('a post edited in another tab since the editor opened is not overwritten: the save says so and keeps the text', async ({
  page,
  request,
}) => {
  const member = await apiSignUp(request, 'Two Tabs Theo');
  const id = await apiCreatePost(request, member, { title: 'Written once', description: 'The first words.', category: 'typescript' });
  await signInBrowserAs(page, member);
  const other = await page.context().newPage();
  await page.goto(`/post-details/${id}`);
  await other.goto(`/post-details/${id}`);

  // The first tab opens the editor and starts typing; the second tab edits and saves meanwhile.
  await page.getByRole('article').first().getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit post' });
  await editor.getByLabel('Title').fill('Written once, retitled in the first tab');
  await other.getByRole('article').first().getByRole('button', { name: 'Edit', exact: true }).click();
  const otherEditor = other.getByRole('dialog', { name: 'Edit post' });
  await otherEditor.getByLabel('Description').fill('Rewritten in the second tab.');
  await otherEditor.getByRole('button', { name: 'Save' }).click();
  await expect(otherEditor).toBeHidden();

  await editor.getByRole('button', { name: 'Save' }).click();
  const conflict = editor.getByRole('alert');
  await expect(conflict).toContainText('This post was edited since you opened it.');
  await expect(editor.getByLabel('Title')).toHaveValue('Written once, retitled in the first tab');
  await expect(editor.getByLabel('Description')).toHaveValue('The first words.');
  await expectNoSeriousViolations(page);
  const saved = await request.get(`/api/post-data/${id}`, { headers: member.headers });
  expect(await saved.json()).toMatchObject({ title: 'Written once', description: 'Rewritten in the second tab.' });

  // The latest version replaces the form; from it, the save goes through.
  await conflict.getByRole('button', { name: 'Load the latest version' }).click();
  await expect(editor.getByLabel('Title')).toHaveValue('Written once');
  await expect(editor.getByLabel('Description')).toHaveValue('Rewritten in the second tab.');
  await expect(editor.getByRole('alert')).toBeHidden();
  // The button went with the alert: the focus goes on from the form's first field, not the page.
  await expect(editor.getByLabel('Title')).toBeFocused();
  await editor.getByLabel('Title').fill('Retitled after all');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  const article = page.getByRole('article').first();
  await expect(article.getByRole('heading', { level: 1 })).toHaveText('Retitled after all');
  await expect(article).toContainText('Rewritten in the second tab.');
});

test('a script in Markdown never runs: javascript: links and raw HTML show as text', async ({ page, request }) => {
  const member = await apiSignUp(request, 'Careful Cole');
  const attack = 'Click [x](javascript:alert(1)) now.\n\n<img src=x onerror=alert(1)>\n\n<script>alert(2)</script>';
  const id = await apiCreatePost(request, member, { title: 'Harmless looking post', description: attack, category: 'typescript' });
  const comment = await request.post('/api/comment-data', {
    headers: { ...member.headers, origin: ORIGIN },
    data: { postId: id, comment: '[y](javascript:alert(3)) <img src=x onerror=alert(4)>' },
  });
  expect(comment.status(), await comment.text()).toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInBrowserAs(page, member);
  await page.goto(`/post-details/${id}`);
  const article = page.getByRole('article').first();
  await expect(article).toContainText('<img src=x onerror=alert(1)>');
  await expect(page.getByText('onerror=alert(4)')).toBeVisible();

  // No element carries an event attribute or a script URL, and no script came from the text.
  const unsafe = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('main *, [role="dialog"] *'))) {
      for (const { name, value } of Array.from(element.attributes)) {
        if (/^on/i.test(name) || /^\s*javascript:/i.test(value)) found.push(`${element.tagName} ${name}=${value}`);
      }
    }
    return { found, scripts: document.querySelectorAll('main script').length };
  });
  expect(unsafe).toEqual({ found: [], scripts: 0 });

  // The javascript: link is no link at all: its Markdown shows as text.
  await expect(article).toContainText('[x](javascript:alert(1))');
  await expect(article.getByRole('link', { name: 'x', exact: true })).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('a long comment in the preview keeps the dialog usable at 360 px: its tabs and Submit scroll into reach', async ({
  page,
  request,
}) => {
  const member = await apiSignUp(request, 'Lengthy Lena');
  const id = await apiCreatePost(request, member, {
    title: 'Ask for a long answer',
    description: 'Tell me everything.',
    category: 'typescript',
  });
  await page.setViewportSize({ width: 360, height: 700 });
  await signInBrowserAs(page, member);
  await page.goto(`/post-details/${id}`);
  await page.getByRole('button', { name: 'Add Comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a comment' });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1}.`).join('\n\n'));
  await dialog.getByRole('tab', { name: 'Preview' }).click();
  await expect(dialog.getByText('Paragraph 40.', { exact: true })).toBeAttached();

  // Taller than the screen, the dialog scrolls: both ends come into view.
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  const write = dialog.getByRole('tab', { name: 'Write' });
  await write.scrollIntoViewIfNeeded();
  await expect(write).toBeInViewport();
  await submit.click();
  await expect(page.getByText('Thanks! Your comment is live')).toBeVisible();
});

test('a text’s headings are sized by their rank in it, below the title of what holds it', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const headings = '# First\n\nText under the first.\n\n## Second\n\nText under the second.\n\n### Third\n\nThe end.';
  const postId = await apiCreatePost(request, admin, { title: `Ranked headings ${run}`, description: headings, category: 'typescript' });
  const member = await apiSignUp(request, 'Ranked Reader');
  const commented = await request.post('/api/comment-data', { headers: member.headers, data: { postId, comment: headings } });
  expect(commented.status(), await commented.text()).toBe(200);
  const announced = await request.post('/api/announcement-data', {
    headers: { ...admin.headers, origin: ORIGIN },
    data: { title: `Ranked notice ${run}`, description: headings },
  });
  expect(announced.status(), await announced.text()).toBe(200);

  const size = async (target: ReturnType<Page['locator']>) => parseFloat(await target.evaluate((el) => getComputedStyle(el).fontSize));
  const ranks = async (text: ReturnType<Page['locator']>) => ({
    first: await size(text.getByRole('heading', { name: 'First' })),
    second: await size(text.getByRole('heading', { name: 'Second' })),
    third: await size(text.getByRole('heading', { name: 'Third' })),
    body: await size(text.getByText('The end.')),
  });
  const expectRanked = (r: { first: number; second: number; third: number; body: number }, titleSize: number) => {
    expect(r.first).toBeLessThan(titleSize);
    expect(r.second).toBeLessThan(r.first);
    expect(r.third).toBeLessThan(r.second);
    // The last of them no smaller than the text itself, at most a step below.
    expect(r.third).toBeGreaterThanOrEqual(r.body * 0.85);
  };

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowserAs(page, member);
  await page.goto(`/post-details/${postId}`);
  const article = page.locator('main article').first();
  const post = article.locator('.markdown-body');
  await expect(post.getByRole('heading', { name: 'First' })).toBeVisible();
  expectRanked(await ranks(post), await size(article.getByRole('heading', { level: 1 })));
  const comments = page.getByRole('region', { name: /Comments/ });
  const comment = comments.getByRole('listitem').filter({ hasText: 'Text under the first.' }).locator('.markdown-body');
  await expect(comment.getByRole('heading', { name: 'First', level: 3 })).toBeVisible();
  expectRanked(await ranks(comment), await size(comments.getByRole('heading', { level: 2 }).first()));

  await page.goto('/');
  const notice = page
    .getByRole('region', { name: 'Announcements' })
    .getByRole('article')
    .filter({ hasText: `Ranked notice ${run}` });
  await expect(notice.getByRole('heading', { name: 'First', level: 4 })).toBeVisible();
  expectRanked(await ranks(notice.locator('.markdown-body')), await size(notice.getByRole('heading', { level: 3 })));
});
