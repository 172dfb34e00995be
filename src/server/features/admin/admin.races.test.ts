import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin } from '../../test/factories.ts';
import { listenForHttp, type HttpSend } from '../../test/http.ts';
import { asViewer, signUp, type TestMember } from '../../test/sign-in.ts';
import { promoteToAdmin } from '../users/users.service.ts';
import { banMember } from './admin.service.ts';

// An admin's request reads its session (and the role in it) before its write begins; another
// admin can remove that role in between. The write itself must see the removal, as a removal
// of an admin already does (users.service.ts demoteAdmin).
describe('a Make Admin or a ban sent by an admin whose role is removed meanwhile', () => {
  let t: TestApp;
  let send: HttpSend;
  beforeAll(async () => {
    t = await buildTestApp();
    send = await listenForHttp(t.app);
  });
  afterAll(() => t.close());

  const standing = (m: TestMember) =>
    t.db.selectFrom('users').select(['role', 'banned_at']).where('id', '=', m.id).executeTakeFirstOrThrow();
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'written',
      (e: unknown) => e,
    );

  it('refuses both with 403 once the removal has committed, and changes nothing', async () => {
    const [removed, remover] = [await createAdmin(t, 'Removed'), await createAdmin(t, 'Remover')];
    const [friend, target] = [await signUp(t.app, { name: 'Friend' }), await signUp(t.app, { name: 'Target' })];
    // What the removed admin's requests read as their session, before the removal.
    const stale = asViewer(removed, { role: 'Admin' });
    expect(await send(remover, 'DELETE', `/user/role/${removed.email}`)).toEqual({ status: 200, body: { modifiedCount: 1 } });

    const promoted = await refusal(promoteToAdmin(t.writePath, friend.email, stale));
    expect(promoted).toBeInstanceOf(AppError);
    expect(promoted).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const banned = await refusal(banMember(t.writePath, stale, target.email));
    expect(banned).toBeInstanceOf(AppError);
    expect(banned).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect(await standing(friend)).toEqual({ role: 'Client', banned_at: null });
    expect(await standing(target)).toEqual({ role: 'Client', banned_at: null });
  });

  it('sent at the same moment as the removal: the member is promoted or banned only if the admin still was one', async () => {
    const [admin, other] = [await createAdmin(t, 'First'), await createAdmin(t, 'Second')];
    const [friend, target] = [await signUp(t.app, { name: 'Friend' }), await signUp(t.app, { name: 'Target' })];
    const [removal, promotion, ban] = await Promise.all([
      send(other, 'DELETE', `/user/role/${admin.email}`),
      send(admin, 'PATCH', `/user/role/${friend.email}`, { role: 'Admin' }),
      send(admin, 'DELETE', `/user-delete/${target.email}`),
    ]);
    expect(removal).toEqual({ status: 200, body: { modifiedCount: 1 } });
    // Each either went first (written) or after (refused, 403 from the guard or the write).
    expect((await standing(friend)).role).toBe(promotion.status === 200 ? 'Admin' : 'Client');
    expect((await standing(target)).banned_at !== null).toBe(ban.status === 200);
    expect([promotion.status, ban.status].every((s) => s === 200 || s === 403)).toBe(true);
    expect((await standing(admin)).role).toBe('Client');
  });

  it('still lets the operator promote without an acting admin (npm run admin), and an admin who still is one', async () => {
    const first = await signUp(t.app);
    expect(await promoteToAdmin(t.writePath, first.email)).toEqual({ modifiedCount: 1 });
    const member = await signUp(t.app);
    expect(await send(first, 'PATCH', `/user/role/${member.email}`, { role: 'Admin' })).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    const target = await signUp(t.app);
    expect(await send(member, 'DELETE', `/user-delete/${target.email}`)).toEqual({ status: 200, body: { deletedCount: 1 } });
  });
});
