import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { hashPassword } from '../../server/lib/passwords';
import type { Permission } from '@domain/permissions';

/** Issue 22 point 2: a user-admin may not take over an account that holds rights it lacks. */
let ctx: TestContext;
let userAdmin: ApiClient;
let resellerClientId: number;
let strong: { userId: number; contactId: number };
let weak: { userId: number; contactId: number };

const adminRights: Permission[] = [
  'Gebruiker bekijken',
  'Gebruiker wijzigen',
  'Gebruiker verwijderen',
  '2FA uitschakelen',
  'Klant bekijken',
  'Klant wijzigen',
];

async function roleWith(name: string, rights: Permission[] | 'all'): Promise<number> {
  const role = await ctx.db
    .insertInto('roles')
    .values({ name, description: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const permissions = await ctx.db
    .selectFrom('permissions')
    .select('id')
    .$if(rights !== 'all', (q) => q.where('name', 'in', rights as Permission[]))
    .execute();
  await ctx.db
    .insertInto('permission_role')
    .values(permissions.map((p) => ({ role_id: role.id, permission_id: p.id })))
    .execute();
  return role.id;
}

async function addUser(email: string, roleId: number, otp = false) {
  const contact = await ctx.db
    .insertInto('contacts')
    .values({
      client_id: resellerClientId,
      first_name: 'Test',
      last_name: email,
      phone: '0201234567',
      email,
      has_account: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await ctx.db
    .insertInto('users')
    .values({
      contact_id: contact.id,
      name: `Test ${email}`,
      email,
      password_hash: await hashPassword(DEMO_PASSWORD),
      activated_at: new Date(),
      otp_enabled: otp,
      otp_secret: otp ? 'JBSWY3DPEHPK3PXP' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('role_user').values({ user_id: user.id, role_id: roleId }).execute();
  return { userId: user.id, contactId: contact.id };
}

const emailOf = async (id: number) =>
  await ctx.db
    .selectFrom('users')
    .select(['email', 'otp_enabled', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await createTestContext();
  const reseller = await ctx.client().signIn('reseller@demo.local');
  resellerClientId = (await reseller.get('/api/auth/me')).body.contact.client_id;
  strong = await addUser('sterk@reseller.nl', await roleWith('Alles (test)', 'all'), true);
  const adminRole = await roleWith('Gebruikersbeheer (test)', adminRights);
  weak = await addUser('zwak@reseller.nl', await roleWith('Alleen kijken (test)', ['Gebruiker bekijken']), true);
  await addUser('beheer@reseller.nl', adminRole);
  userAdmin = await ctx.client().signIn('beheer@reseller.nl');
});
afterAll(() => ctx.close());

describe('a user-admin and a stronger account in its own tenant', () => {
  it('sees the stronger user but may not change its e-mail address', async () => {
    const shown = await userAdmin.get(`/api/users/${strong.userId}`);
    expect(shown.status).toBe(200);
    expect(shown.body.manageable).toBe(false);
    expect((await userAdmin.get(`/api/users/${weak.userId}`)).body.manageable).toBe(true);
    const res = await userAdmin.put(`/api/users/${strong.userId}`, {
      name: 'Test sterk',
      email: 'overgenomen@aanvaller.nl',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Je mag deze gebruiker niet wijzigen of verwijderen: deze gebruiker heeft rechten die je zelf niet hebt.',
    );
    expect((await emailOf(strong.userId)).email).toBe('sterk@reseller.nl');
  });

  it("may not turn off the stronger user's 2FA, take its roles or delete it", async () => {
    const otp = await userAdmin.post(`/api/${strong.userId}/disable-2fa`);
    expect(otp.status).toBe(403);
    expect(otp.body.message).toBe(
      'Je mag deze gebruiker niet wijzigen of verwijderen: deze gebruiker heeft rechten die je zelf niet hebt.',
    );
    const roles = await userAdmin.put(`/api/users/${strong.userId}`, {
      name: 'Test sterk',
      email: 'sterk@reseller.nl',
      role: [],
    });
    expect(roles.status).toBe(403);
    const removed = await userAdmin.delete(`/api/users/${strong.userId}`);
    expect(removed.status).toBe(403);
    expect(removed.body.message).toBe(
      'Je mag deze gebruiker niet wijzigen of verwijderen: deze gebruiker heeft rechten die je zelf niet hebt.',
    );
    expect(await emailOf(strong.userId)).toEqual({ email: 'sterk@reseller.nl', otp_enabled: true, deleted_at: null });
    const held = await ctx.db.selectFrom('role_user').select('role_id').where('user_id', '=', strong.userId).execute();
    expect(held).toHaveLength(1);
  });

  it('may not reach the stronger account through its contact either', async () => {
    const contact = await userAdmin.put(`/api/contacts/${strong.contactId}`, {
      first_name: 'Test',
      last_name: 'sterk@reseller.nl',
      phone: '0201234567',
      email: 'overgenomen@aanvaller.nl',
      has_account: true,
    });
    expect(contact.status).toBe(403);
    expect(contact.body.message).toBe(
      'Je mag deze gebruiker niet wijzigen of verwijderen: deze gebruiker heeft rechten die je zelf niet hebt.',
    );
    expect((await emailOf(strong.userId)).email).toBe('sterk@reseller.nl');
  });

  it('still manages a user whose rights it holds all of', async () => {
    const res = await userAdmin.put(`/api/users/${weak.userId}`, {
      name: 'Test zwak',
      email: 'zwak-nieuw@reseller.nl',
    });
    expect(res.status).toBe(200);
    expect((await userAdmin.post(`/api/${weak.userId}/disable-2fa`)).status).toBe(200);
    expect((await userAdmin.delete(`/api/users/${weak.userId}`)).status).toBe(200);
    const row = await emailOf(weak.userId);
    expect(row).toMatchObject({ email: 'zwak-nieuw@reseller.nl', otp_enabled: false });
    expect(row.deleted_at).not.toBeNull();
  });

  it('lets a Superuser change the stronger user', async () => {
    const admin = await ctx.client().signIn('beheerder@demo.local');
    const res = await admin.put(`/api/users/${strong.userId}`, { name: 'Test sterk', email: 'sterk2@reseller.nl' });
    expect(res.status).toBe(200);
    expect(
      (
        await ctx.db
          .selectFrom('users')
          .select(sql<string>`lower(email)`.as('e'))
          .where('id', '=', strong.userId)
          .executeTakeFirstOrThrow()
      ).e,
    ).toBe('sterk2@reseller.nl');
  });
});
