import type { Announcement } from '#shared/schemas/announcement.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// PATCH and DELETE /api/announcement-data/{id} (API.md "Moderation and members").
describe('editing and removing announcements', () => {
  let t: TestApp;
  let admin: TestMember;
  let member: TestMember;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t);
    member = await signUp(t.app);
  });
  afterAll(() => t.close());

  const publish = async (title: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/announcement-data',
        headers: admin.headers,
        payload: { title, description: 'Plain' },
      })
    ).json().insertedId as string;
  const list = async () => {
    const res = await t.app.inject({ url: '/api/announcement-data' });
    return { items: res.json() as Announcement[], total: Number(res.headers['x-total-count']) };
  };

  it('edits the title and the text, rendering the Markdown again', async () => {
    const id = await publish('Maintenance');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/announcement-data/${id}`,
      headers: admin.headers,
      payload: { description: 'Now **bold**' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    let edited = (await list()).items.find((a) => a._id === id)!;
    expect(edited).toMatchObject({ title: 'Maintenance', description: 'Now **bold**' });
    expect(edited.descriptionHtml).toContain('<strong>bold</strong>');

    await t.app.inject({ method: 'PATCH', url: `/api/announcement-data/${id}`, headers: admin.headers, payload: { title: '  Downtime ' } });
    edited = (await list()).items.find((a) => a._id === id)!;
    expect(edited).toMatchObject({ title: 'Downtime', description: 'Now **bold**' });
  });

  it('answers modifiedCount 0 for an edit that changes nothing, and 404 for no announcement', async () => {
    const id = await publish('Unchanged');
    const same = await t.app.inject({
      method: 'PATCH',
      url: `/api/announcement-data/${id}`,
      headers: admin.headers,
      payload: { title: 'Unchanged ', description: 'Plain' },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual({ modifiedCount: 0 });
    // One field changed of the two sent is a change.
    const one = await t.app.inject({
      method: 'PATCH',
      url: `/api/announcement-data/${id}`,
      headers: admin.headers,
      payload: { title: 'Unchanged', description: 'Now changed.' },
    });
    expect(one.json()).toEqual({ modifiedCount: 1 });
    const none = await t.app.inject({
      method: 'PATCH',
      url: '/api/announcement-data/no-such-id',
      headers: admin.headers,
      payload: { title: 'X' },
    });
    expect(none.statusCode).toBe(404);
  });

  it('keeps the time of the last edit: null until edited, moved by an edit, not by one that changes nothing', async () => {
    const id = await publish('Timed');
    const find = async () => (await list()).items.find((a) => a._id === id)!;
    expect((await find()).editedAt).toBeNull();
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/announcement-data/${id}`, headers: admin.headers, payload });
    expect((await patch({ title: 'Timed again' })).json()).toEqual({ modifiedCount: 1 });
    const edited = await find();
    expect(edited.editedAt).not.toBeNull();
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(Date.parse(edited.time));
    expect((await patch({ title: 'Timed again' })).json()).toEqual({ modifiedCount: 0 });
    expect((await find()).editedAt).toBe(edited.editedAt);
  });

  it('refuses an edit made from an older version (409) and keeps the newer one; saved from the latest, it is made', async () => {
    const id = await publish('Shared');
    const find = async () => (await list()).items.find((a) => a._id === id)!;
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/announcement-data/${id}`, headers: admin.headers, payload });
    // Two admins open the version never edited; the first saves.
    expect((await patch({ title: 'First', baseEditedAt: null })).json()).toEqual({ modifiedCount: 1 });
    const first = await find();
    const late = await patch({ description: 'Second', baseEditedAt: null });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CONFLICT', message: 'This announcement was edited since you opened it.' });
    expect(await find()).toEqual(first);
    // Saved over it from the version it now is, the edit is made; without a version, no check.
    expect((await patch({ description: 'Second', baseEditedAt: first.editedAt })).json()).toEqual({ modifiedCount: 1 });
    expect(await find()).toMatchObject({ title: 'First', description: 'Second' });
    expect((await patch({ description: 'Third' })).json()).toEqual({ modifiedCount: 1 });
    expect((await patch({ title: 'x', baseEditedAt: 'yesterday' })).statusCode).toBe(400);
  });

  it('of two edits made at once from one version, one is made and the other refused', async () => {
    for (let round = 0; round < 4; round += 1) {
      const id = await publish(`Raced ${round}`);
      const edit = (title: string) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/announcement-data/${id}`,
          headers: admin.headers,
          payload: { title, baseEditedAt: null },
        });
      const answers = await Promise.all([edit(`Raced ${round}a`), edit(`Raced ${round}b`)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const made = answers.find((a) => a.statusCode === 200) === answers[0] ? `Raced ${round}a` : `Raced ${round}b`;
      expect((await list()).items.find((a) => a._id === id)!.title).toBe(made);
    }
  });

  it.each([[{}], [{ title: '' }], [{ description: '   ' }], [{ title: 'x'.repeat(1000) }], [{ title: 42 }]])(
    'refuses %j with 400 and changes nothing',
    async (payload) => {
      const id = await publish('Unchanged');
      const res = await t.app.inject({ method: 'PATCH', url: `/api/announcement-data/${id}`, headers: admin.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await list()).items.find((a) => a._id === id)).toMatchObject({ title: 'Unchanged', description: 'Plain' });
    },
  );

  it('answers 404 for an unknown announcement', async () => {
    const edit = await t.app.inject({
      method: 'PATCH',
      url: '/api/announcement-data/nope',
      headers: admin.headers,
      payload: { title: 'x' },
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/announcement-data/nope', headers: admin.headers })).statusCode).toBe(404);
  });

  it('refuses a visitor (401) and a Client (403), and changes nothing', async () => {
    const id = await publish('Guarded');
    const before = await list();
    expect((await t.app.inject({ method: 'PATCH', url: `/api/announcement-data/${id}`, payload: { title: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/announcement-data/${id}` })).statusCode).toBe(401);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/announcement-data/${id}`,
      headers: member.headers,
      payload: { title: 'x' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/announcement-data/${id}`, headers: member.headers })).statusCode).toBe(403);
    expect(await list()).toEqual(before);
  });

  it('removes one, and the bell count follows', async () => {
    const id = await publish('Short-lived');
    const before = (await list()).total;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/announcement-data/${id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    const after = await list();
    expect(after.total).toBe(before - 1);
    expect(after.items.map((a) => a._id)).not.toContain(id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/announcement-data/${id}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('edited while it is removed: each edit is made (1) or finds it gone (404), never answered with nothing changed', async () => {
    for (let round = 0; round < 4; round += 1) {
      const id = await publish(`Short-lived ${round}`);
      const edit = (title: string) =>
        t.app.inject({ method: 'PATCH', url: `/api/announcement-data/${id}`, headers: admin.headers, payload: { title } });
      const answers = await Promise.all([
        edit(`Renamed ${round}a`),
        t.app.inject({ method: 'DELETE', url: `/api/announcement-data/${id}`, headers: admin.headers }),
        edit(`Renamed ${round}b`),
      ]);
      for (const a of [answers[0]!, answers[2]!]) {
        expect(a.statusCode === 404 || a.body === '{"modifiedCount":1}', `${a.statusCode} ${a.body}`).toBe(true);
      }
      expect(answers[1]!.json()).toEqual({ deletedCount: 1 });
    }
  });
});
