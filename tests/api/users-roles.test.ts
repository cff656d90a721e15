import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { allPermissions, type Permission } from '@domain/permissions';

let ctx: TestContext;
let admin: ApiClient;
let reseller: ApiClient;
let resellerClientId: number;
let otherResellerId: number;
type Known =
  | 'beheerder@demo.local'
  | 'magazijn@demo.local'
  | 'reseller@demo.local'
  | 'klant@demo.local'
  | 'planner'
  | 'sanneContact'
  | 'sanne';
/** Filled in beforeAll and by the tests that create a user, before any test that reads it. */
const ids = {} as Record<Known, number>;

async function userId(email: string): Promise<number> {
  return (
    await ctx.db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
  ).id;
}
async function roleId(name: string): Promise<number> {
  return (await ctx.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}
async function grant(role: string, rights: Permission[]) {
  const rows = await ctx.db.selectFrom('permissions').select('id').where('name', 'in', rights).execute();
  const id = await roleId(role);
  await ctx.db
    .insertInto('permission_role')
    .values(rows.map((r) => ({ role_id: id, permission_id: r.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
/** The first message per field: the form shows one under each field. */
function firstErrors(body: { errors: Record<string, string[]> }): Record<string, string> {
  return Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k, v[0]!]));
}
async function rolesOf(id: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .select('roles.name')
    .where('user_id', '=', id)
    .orderBy('roles.name')
    .execute();
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  resellerClientId = (await reseller.get('/api/auth/me')).body.contact.client_id;
  otherResellerId = (await admin.get('/api/getallresellers')).body.find(
    (r: { id: number }) => r.id !== resellerClientId,
  ).id;
  for (const email of [
    'beheerder@demo.local',
    'magazijn@demo.local',
    'reseller@demo.local',
    'klant@demo.local',
  ] as const)
    ids[email] = await userId(email);
});
afterAll(() => ctx.close());

describe('user list and detail', () => {
  it('lists users paged with their roles, and searches on name or e-mail', async () => {
    const res = await admin.get('/api/users');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, last_page: 1, total: 4 });
    const bea = res.body.data.find((u: { email: string }) => u.email === 'beheerder@demo.local');
    expect(bea).toMatchObject({
      name: 'Bea Beheerder',
      role: 'Superuser',
      roles: [{ id: await roleId('Superuser'), name: 'Superuser' }],
    });
    expect((await admin.get('/api/users?search=rik')).body.data.map((u: { name: string }) => u.name)).toEqual([
      'Rik Reseller',
    ]);
    expect(
      (await admin.get('/api/users?filters[all]=klant@demo')).body.data.map((u: { email: string }) => u.email),
    ).toEqual(['klant@demo.local']);
    expect((await admin.get('/api/users?search=bestaatniet')).body).toMatchObject({ data: [], total: 0 });
  });

  it('shows a reseller only the users of its own hierarchy, once its role has the right', async () => {
    expect((await reseller.get('/api/users')).status).toBe(403);
    await grant('Reseller', ['Gebruiker bekijken']);
    const res = await reseller.get('/api/users');
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { email: string }) => u.email).sort()).toEqual([
      'klant@demo.local',
      'reseller@demo.local',
    ]);
    expect((await reseller.get(`/api/users/${ids['beheerder@demo.local']}`)).status).toBe(404);
  });

  it('answers a user with name, email, contact, roles and 2FA state; 404 for unknown ids', async () => {
    const res = await admin.get(`/api/users/${ids['reseller@demo.local']}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids['reseller@demo.local'],
      name: 'Rik Reseller',
      email: 'reseller@demo.local',
      otp_enabled: true,
      contact: { email: 'reseller@demo.local', client_id: resellerClientId },
      roles: [{ name: 'Reseller' }],
    });
    expect((await admin.get('/api/users/999999')).status).toBe(404);
    expect((await admin.get('/api/users/abc')).status).toBe(404);
  });
});

describe('changing a user', () => {
  it('requires name and e-mail, per field', async () => {
    const id = ids['klant@demo.local'];
    const empty = await admin.put(`/api/users/${id}`, { name: '', email: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Validatie mislukt!');
    expect(firstErrors(empty.body)).toEqual({ name: 'Dit veld is verplicht.', email: 'Dit veld is verplicht.' });
    const bad = await admin.put(`/api/users/${id}`, { name: 'Karin', email: 'geen-mail' });
    expect(bad.body.errors).toEqual({ email: ['Vul een geldig e-mailadres in.'] });
    const badRole = await admin.put(`/api/users/${id}`, { name: 'Karin', email: 'klant@demo.local', role: ['x'] });
    expect(badRole.status).toBe(422);
    expect(Object.keys(badRole.body.errors)).toEqual(['role.0']);
  });

  it('refuses an e-mail address another user has, whatever its case', async () => {
    const res = await admin.put(`/api/users/${ids['klant@demo.local']}`, {
      name: 'Karin Klant',
      email: 'Reseller@Demo.local',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ['Dit e-mailadres is al in gebruik door een andere gebruiker.'] });
  });

  it('refuses unknown roles', async () => {
    const res = await admin.put(`/api/users/${ids['klant@demo.local']}`, {
      name: 'Karin Klant',
      email: 'klant@demo.local',
      role: [99999],
    });
    expect(res.body.errors).toEqual({ role: ['Kies een bestaande rol.'] });
  });

  it('saves name, e-mail and several roles, and records an event', async () => {
    const id = ids['klant@demo.local'];
    const res = await admin.put(`/api/users/${id}`, {
      name: 'Karin de Klant',
      email: 'klant@demo.local',
      role: [await roleId('Eindklant'), await roleId('Magazijn')],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('De gebruiker is aangepast');
    expect(res.body.data.roles.map((r: { name: string }) => r.name)).toEqual(['Eindklant', 'Magazijn']);
    expect(await rolesOf(id)).toEqual(['Eindklant', 'Magazijn']);
    const event = await ctx.db
      .selectFrom('events')
      .select('action')
      .where('action', '=', 'Gebruiker Karin de Klant gewijzigd')
      .executeTakeFirst();
    expect(event).toBeTruthy();
    // Without `role` the roles stay as they are.
    await admin.put(`/api/users/${id}`, { name: 'Karin Klant', email: 'klant@demo.local' });
    expect(await rolesOf(id)).toEqual(['Eindklant', 'Magazijn']);
    await admin.put(`/api/users/${id}`, {
      name: 'Karin Klant',
      email: 'klant@demo.local',
      role: [await roleId('Eindklant')],
    });
    expect(await rolesOf(id)).toEqual(['Eindklant']);
  });

  it('lets a non-Superuser grant only roles whose rights it holds, never Superuser, and not touch a Superuser', async () => {
    await grant('Reseller', ['Gebruiker wijzigen']);
    const id = ids['klant@demo.local'];
    const body = (role: number[]) => ({ name: 'Karin Klant', email: 'klant@demo.local', role });
    const su = await reseller.put(`/api/users/${id}`, body([await roleId('Superuser')]));
    expect(su.status).toBe(422);
    expect(su.body.errors).toEqual({ role: ['Alleen een Superuser mag de rol Superuser toekennen of afnemen.'] });
    const magazijn = await reseller.put(`/api/users/${id}`, body([await roleId('Magazijn')]));
    expect(magazijn.body.errors).toEqual({
      role: ['Je mag deze rol niet toekennen: je hebt zelf niet alle rechten van deze rol.'],
    });
    expect(await rolesOf(id)).toEqual(['Eindklant']);
    const ok = await reseller.put(`/api/users/${id}`, body([await roleId('Eindklant'), await roleId('Reseller')]));
    expect(ok.status).toBe(200);
    expect(await rolesOf(id)).toEqual(['Eindklant', 'Reseller']);
    await reseller.put(`/api/users/${id}`, body([await roleId('Eindklant')]));
    // A Superuser in its hierarchy: only a Superuser may change it.
    await ctx.db
      .insertInto('role_user')
      .values({ user_id: id, role_id: await roleId('Superuser') })
      .execute();
    const target = await reseller.put(`/api/users/${id}`, body([await roleId('Eindklant')]));
    expect(target.status).toBe(403);
    expect(target.body.message).toBe('Alleen een Superuser mag een Superuser wijzigen of verwijderen.');
    await ctx.db
      .deleteFrom('role_user')
      .where('user_id', '=', id)
      .where('role_id', '=', await roleId('Superuser'))
      .execute();
  });

  it('never takes the Superuser role from its last holder', async () => {
    const id = ids['beheerder@demo.local'];
    const res = await admin.put(`/api/users/${id}`, {
      name: 'Bea Beheerder',
      email: 'beheerder@demo.local',
      role: [await roleId('Magazijn')],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      role: ['Dit is de laatste gebruiker met de rol Superuser; die rol kan niet worden afgenomen.'],
    });
    expect(await rolesOf(id)).toEqual(['Superuser']);
  });
});

describe('deleting a user', () => {
  it('refuses deleting oneself, the last Superuser, and a Superuser by someone else', async () => {
    const self = await admin.delete(`/api/users/${ids['beheerder@demo.local']}`);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('Je kunt je eigen account niet verwijderen.');
    await grant('Magazijn', ['Gebruiker bekijken', 'Gebruiker verwijderen']);
    const magazijn = await ctx.client().signIn('magazijn@demo.local');
    const other = await magazijn.delete(`/api/users/${ids['beheerder@demo.local']}`);
    expect(other.status).toBe(403);
    const row = await ctx.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', ids['beheerder@demo.local'])
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it('soft-deletes a user and ends its sessions', async () => {
    const klant = await ctx.client().signIn('klant@demo.local');
    expect((await klant.get('/api/auth/me')).status).toBe(200);
    const id = ids['klant@demo.local'];
    const res = await admin.delete(`/api/users/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Gebruiker is verwijderd');
    expect((await klant.get('/api/auth/me')).status).toBe(401);
    const row = await ctx.db
      .selectFrom('users')
      .innerJoin('contacts', 'contacts.id', 'users.contact_id')
      .select(['users.deleted_at', 'contacts.has_account'])
      .where('users.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.has_account).toBe(false);
    expect((await admin.get(`/api/users/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/users/${id}`)).status).toBe(404);
    expect((await ctx.client().login('klant@demo.local')).status).toBe(422);
  });
});

describe('export', () => {
  it('streams a real .xlsx with a timestamped name, limited to the hierarchy', async () => {
    const res = await admin.get('/api/exportusers');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="gebruikers-\d{8}-\d{6}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Gebruikers')!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['Naam', 'Email', 'Rol', 'Klant', 'Tweestapsverificatie']),
    );
    const emails = sheet.getColumn(3).values.slice(2);
    expect(emails).toEqual(expect.arrayContaining(['beheerder@demo.local', 'reseller@demo.local']));
    expect(emails).not.toContain('klant@demo.local');

    expect((await reseller.get('/api/exportusers')).status).toBe(403);
    await grant('Reseller', ['Gebruikers exporteren']);
    const own = await reseller.get('/api/exportusers?search=demo');
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(own.body as unknown as ArrayBuffer);
    expect(wb2.getWorksheet('Gebruikers')!.getColumn(3).values.slice(2)).toEqual(['reseller@demo.local']);
  });
});

describe('two-step reset', () => {
  it('clears the secret and the sessions of a user who has 2FA, then the user must set it up again', async () => {
    const id = ids['reseller@demo.local'];
    const victim = await ctx.client().signIn('reseller@demo.local');
    const res = await admin.post(`/api/${id}/disable-2fa`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: '2FA is uitgeschakeld', data: { otp_enabled: false } });
    const row = await ctx.db
      .selectFrom('users')
      .select(['otp_enabled', 'otp_secret'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ otp_enabled: false, otp_secret: null });
    expect((await victim.get('/api/auth/me')).status).toBe(401);
    const again = await admin.post(`/api/${id}/disable-2fa`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Tweestapsverificatie is niet ingeschakeld voor deze gebruiker.');
    const login = await ctx.client().login('reseller@demo.local');
    expect(login.body).toMatchObject({ otp_enabled: false, otp_authorized: false });
    expect((await admin.post('/api/999999/disable-2fa')).status).toBe(404);
    reseller = await ctx.client().signIn('reseller@demo.local');
  });
});

describe('profile', () => {
  it('lets any verified user change its own name and e-mail', async () => {
    const magazijn = await ctx.client().signIn('magazijn@demo.local');
    const bad = await magazijn.put('/api/profile', { name: '', email: '' });
    expect(bad.status).toBe(422);
    expect(firstErrors(bad.body)).toEqual({ name: 'Dit veld is verplicht.', email: 'Dit veld is verplicht.' });
    const taken = await magazijn.put('/api/profile', { name: 'Mark', email: 'Beheerder@demo.local' });
    expect(taken.body.errors).toEqual({ email: ['Dit e-mailadres is al in gebruik door een andere gebruiker.'] });
    const ok = await magazijn.put('/api/profile', { name: 'Mark de Magazijnier', email: 'magazijn@demo.local' });
    expect(ok.status).toBe(200);
    expect((await magazijn.get('/api/auth/me')).body.name).toBe('Mark de Magazijnier');
  });
});

describe('roles', () => {
  it('lists roles with the number of users the viewer can see', async () => {
    const res = await admin.get('/api/roles');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual([
      'Eindklant',
      'Magazijn',
      'Reseller',
      'Superuser',
    ]);
    expect(res.body.data.find((r: { name: string }) => r.name === 'Superuser')).toMatchObject({
      users_count: 1,
      description: expect.any(String),
    });
    await grant('Reseller', ['Rol bekijken']);
    const own = await reseller.get('/api/roles');
    expect(own.body.data.find((r: { name: string }) => r.name === 'Superuser').users_count).toBe(0);
    expect(own.body.data.find((r: { name: string }) => r.name === 'Reseller').users_count).toBe(1);
  });

  it('requires name and description, and a unique name', async () => {
    const empty = await admin.post('/api/roles', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ name: ['Dit veld is verplicht.'], description: ['Dit veld is verplicht.'] });
    const blank = await admin.post('/api/roles', { name: '  ', description: 'x' });
    expect(blank.body.errors).toEqual({ name: ['Dit veld is verplicht.'] });
    const taken = await admin.post('/api/roles', { name: 'magazijn', description: 'Dubbel' });
    expect(taken.body.errors).toEqual({ name: ['Er bestaat al een rol met deze naam.'] });
  });

  it('creates, reads, changes and sets the rights of a role; a changed role applies at once', async () => {
    const created = await admin.post('/api/roles', { name: 'Planner', description: 'Plant leveringen' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'De rol is aangemaakt',
      data: { name: 'Planner', users_count: 0, permissions: [] },
    });
    const id = created.body.data.id as number;
    const changed = await admin.put(`/api/roles/${id}`, { name: 'Planners', description: 'Plant alle leveringen' });
    expect(changed.body).toMatchObject({
      message: 'De rol is gewijzigd',
      data: { name: 'Planners', description: 'Plant alle leveringen' },
    });
    expect((await admin.put(`/api/roles/${id}`, { name: '', description: '' })).body.errors).toEqual({
      name: ['Dit veld is verplicht.'],
      description: ['Dit veld is verplicht.'],
    });

    const leveringId = (
      await ctx.db
        .selectFrom('permissions')
        .select('id')
        .where('name', '=', 'Levering bekijken')
        .executeTakeFirstOrThrow()
    ).id;
    const saved = await admin.post(`/api/roles/${id}/permissions`, { permissions: ['Klant bekijken', leveringId] });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('De rechten zijn opgeslagen bij deze rol');
    expect(saved.body.data.permissions.map((p: { name: string }) => p.name).sort()).toEqual([
      'Klant bekijken',
      'Levering bekijken',
    ]);
    const unknown = await admin.post(`/api/roles/${id}/permissions`, { permissions: ['Alles mogen'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ permissions: ['Onbekend recht: Alles mogen'] });
    expect((await admin.post(`/api/roles/${id}/permissions`, {})).body.errors).toEqual({
      permissions: ['Dit veld is verplicht.'],
    });

    // Give the role to the Magazijn user: its rights are read fresh on the next request.
    const magazijn = await ctx.client().signIn('magazijn@demo.local');
    await ctx.db.deleteFrom('role_user').where('user_id', '=', ids['magazijn@demo.local']!).execute();
    expect((await magazijn.get('/api/auth/me')).body.permissions).toEqual([]);
    await admin.put(`/api/users/${ids['magazijn@demo.local']}`, {
      name: 'Mark Magazijn',
      email: 'magazijn@demo.local',
      role: [id],
    });
    expect((await magazijn.get('/api/auth/me')).body.permissions).toEqual(['Klant bekijken', 'Levering bekijken']);
    await admin.post(`/api/roles/${id}/permissions`, { permissions: ['Klant bekijken'] });
    expect((await magazijn.get('/api/auth/me')).body.permissions).toEqual(['Klant bekijken']);

    const detail = await admin.get(`/api/roles/${id}`);
    expect(detail.body).toMatchObject({
      id,
      name: 'Planners',
      users_count: 1,
      permissions: [{ name: 'Klant bekijken' }],
    });
    expect((await admin.get('/api/roles/999999')).status).toBe(404);
    ids.planner = id;
  });

  it('refuses deleting a role that users hold, and the Superuser role; deletes a free one', async () => {
    const held = await admin.delete(`/api/roles/${ids.planner}`);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe('Deze rol is nog toegekend aan 1 gebruiker en kan niet worden verwijderd.');
    const su = await admin.delete(`/api/roles/${await roleId('Superuser')}`);
    expect(su.status).toBe(409);
    expect(su.body.message).toBe('De rol Superuser kan niet worden verwijderd.');
    const free = await admin.post('/api/roles', { name: 'Tijdelijk', description: 'Even' });
    const gone = await admin.delete(`/api/roles/${free.body.data.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('Rol Tijdelijk is verwijderd.');
    expect((await admin.get(`/api/roles/${free.body.data.id}`)).status).toBe(404);
  });

  it('keeps the Superuser role whole: its name and its rights', async () => {
    const id = await roleId('Superuser');
    const rename = await admin.put(`/api/roles/${id}`, { name: 'Baas', description: 'x' });
    expect(rename.body.errors).toEqual({ name: ['De naam van de rol Superuser kan niet worden gewijzigd.'] });
    const fewer = await admin.post(`/api/roles/${id}/permissions`, { permissions: ['Klant bekijken'] });
    expect(fewer.body.errors).toEqual({ permissions: ['De rol Superuser heeft altijd alle rechten.'] });
    const all = await admin.post(`/api/roles/${id}/permissions`, { permissions: allPermissions });
    expect(all.status).toBe(200);
  });

  it('lets a non-Superuser change only rights it holds itself, and never the Superuser role', async () => {
    await grant('Reseller', ['Rol wijzigen']);
    // A role of the reseller's own (the provider's roles are templates it may not change, issue 22).
    const ownRole = (
      await ctx.db
        .insertInto('roles')
        .values({ client_id: resellerClientId, name: 'Eigen rol', description: 'Van de reseller' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const own = await reseller.post(`/api/roles/${ownRole}/permissions`, {
      permissions: ['Klant bekijken', 'Voorraad wijzigen'],
    });
    expect(own.status).toBe(422);
    expect(own.body.errors).toEqual({
      permissions: ["Je mag het recht 'Voorraad wijzigen' niet toekennen of afnemen: je hebt het zelf niet."],
    });
    const su = await reseller.put(`/api/roles/${await roleId('Superuser')}`, { name: 'Superuser', description: 'x' });
    expect(su.status).toBe(403);
    const ok = await reseller.post(`/api/roles/${ownRole}/permissions`, { permissions: ['Klant bekijken'] });
    expect(ok.status).toBe(200);
  });
});

describe('contacts and invitations', () => {
  const person = {
    first_name: 'Sanne',
    last_name: 'de Vries',
    title: 'Inkoper',
    phone: '0612345678',
    email: 'sanne@voorbeeld.nl',
  };

  it('requires first name, last name, phone, e-mail and the account choice, per field', async () => {
    const res = await admin.post('/api/contacts', { client_id: resellerClientId });
    expect(res.status).toBe(422);
    expect(firstErrors(res.body)).toEqual({
      first_name: 'Dit veld is verplicht.',
      last_name: 'Dit veld is verplicht.',
      phone: 'Dit veld is verplicht.',
      email: 'Dit veld is verplicht.',
      has_account: 'Selecteer een optie.',
    });
    const badMail = await admin.post('/api/contacts', {
      client_id: resellerClientId,
      ...person,
      email: 'geen-mail',
      has_account: 'misschien',
    });
    expect(badMail.body.errors).toEqual({
      email: ['Vul een geldig e-mailadres in.'],
      has_account: ['Selecteer een optie.'],
    });
    const noClient = await admin.post('/api/contacts', { ...person, has_account: false });
    expect(noClient.body.errors).toEqual({ client_id: ['Dit veld is verplicht.'] });
  });

  it('makes a contact without an account', async () => {
    const res = await admin.post('/api/contacts', { ...person, client_id: resellerClientId, has_account: '0' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'De contactpersoon is aangemaakt',
      data: { first_name: 'Sanne', has_account: false, user_id: null },
      activation_mail_sent: false,
    });
    expect(
      await ctx.db.selectFrom('users').select('id').where('email', '=', person.email).executeTakeFirst(),
    ).toBeUndefined();
    expect((await admin.delete(`/api/contacts/${res.body.data.id}`)).body.message).toBe(
      'De contactpersoon is verwijderd',
    );
  });

  it("invites a contact with an account: a user with the client type's role and an activation mail that works", async () => {
    const res = await admin.post('/api/contacts', { ...person, client_id: resellerClientId, has_account: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'De gebruiker is aangemaakt',
      data: { has_account: true },
      activation_mail_sent: true,
    });
    const uid = res.body.data.user_id as number;
    expect(await rolesOf(uid)).toEqual(['Reseller']);
    const user = (await admin.get(`/api/users/${uid}`)).body;
    expect(user).toMatchObject({
      name: 'Sanne de Vries',
      email: 'sanne@voorbeeld.nl',
      activated: false,
      otp_enabled: false,
    });
    expect(await ctx.mail.to('sanne@voorbeeld.nl')).toHaveLength(1);
    const first = (await ctx.mail.to('sanne@voorbeeld.nl'))[0]!.text.match(/activeren\/([A-Za-z0-9_-]+)/)![1]!;
    const resent = await admin.post(`/api/users/${uid}/resend-activation`);
    expect(resent.body.message).toBe('De activatiemail is opnieuw verstuurd');
    const token = (await ctx.mail.to('sanne@voorbeeld.nl')).at(-1)!.text.match(/activeren\/([A-Za-z0-9_-]+)/)![1]!;
    expect(token).not.toBe(first);
    const old = ctx.client();
    await old.fetchToken();
    expect(
      (
        await old.post('/api/auth/activate', {
          token: first,
          password: 'Nieuw1234!',
          password_confirmation: 'Nieuw1234!',
          accepted_terms: true,
        })
      ).status,
    ).toBe(422);
    const c = ctx.client();
    await c.fetchToken();
    const activated = await c.post('/api/auth/activate', {
      token,
      password: 'Nieuw1234!',
      password_confirmation: 'Nieuw1234!',
      accepted_terms: true,
    });
    expect(activated.status).toBe(200);
    expect(activated.body).toEqual({ name: 'Sanne de Vries', otp_enabled: false, otp_authorized: false });
    const again = await admin.post(`/api/users/${uid}/resend-activation`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Dit account is al geactiveerd.');
    ids.sanneContact = res.body.data.id;
    ids.sanne = uid;
  });

  it('refuses an e-mail address that is already an account, and a role the actor may not grant', async () => {
    const taken = await admin.post('/api/contacts', {
      ...person,
      email: 'SANNE@voorbeeld.nl',
      client_id: resellerClientId,
      has_account: true,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['Dit e-mailadres is al in gebruik door een andere gebruiker.'] });
    const klantClientId = (
      await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('parent_client_id', '=', resellerClientId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const su = await reseller.post('/api/contacts', {
      ...person,
      email: 'nieuw@voorbeeld.nl',
      client_id: klantClientId,
      has_account: true,
      role_id: await roleId('Superuser'),
    });
    expect(su.status).toBe(422);
    expect(su.body.errors).toEqual({ role_id: ['Alleen een Superuser mag de rol Superuser toekennen of afnemen.'] });
    expect(
      await ctx.db.selectFrom('contacts').select('id').where('email', '=', 'nieuw@voorbeeld.nl').executeTakeFirst(),
    ).toBeUndefined();
    const chosen = await admin.post('/api/contacts', {
      ...person,
      email: 'piet@voorbeeld.nl',
      client_id: 1,
      has_account: '1',
      role_id: await roleId('Eindklant'),
    });
    expect(await rolesOf(chosen.body.data.user_id)).toEqual(['Eindklant']);
  });

  it('keeps the account in step with the contact, ends it with has_account false and makes a new one with true', async () => {
    const signedIn = await ctx.client().signIn('sanne@voorbeeld.nl', 'Nieuw1234!');
    const renamed = await admin.put(`/api/contacts/${ids.sanneContact}`, {
      ...person,
      last_name: 'Jansen',
      has_account: true,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe('De contactpersoon is gewijzigd');
    expect((await admin.get(`/api/users/${ids.sanne}`)).body.name).toBe('Sanne Jansen');

    const off = await admin.put(`/api/contacts/${ids.sanneContact}`, { ...person, has_account: false });
    expect(off.body.data).toMatchObject({ has_account: false, user_id: null });
    expect((await signedIn.get('/api/auth/me')).status).toBe(401);
    expect((await admin.get(`/api/users/${ids.sanne}`)).status).toBe(404);

    const before = (await ctx.mail.to('sanne@voorbeeld.nl')).length;
    const on = await admin.put(`/api/contacts/${ids.sanneContact}`, { ...person, has_account: true });
    expect(on.body).toMatchObject({ activation_mail_sent: true, data: { has_account: true } });
    expect(on.body.data.user_id).not.toBe(ids.sanne);
    expect((await ctx.mail.to('sanne@voorbeeld.nl')).length).toBe(before + 1);
  });

  it('links a reseller contact to its own end customers only', async () => {
    const own = (
      await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('parent_client_id', '=', resellerClientId)
        .where('client_type_id', '=', 3)
        .execute()
    ).map((c) => c.id);
    const foreign = (
      await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('parent_client_id', '=', otherResellerId)
        .executeTakeFirstOrThrow()
    ).id;
    const ok = await admin.put(`/api/contacts/${ids.sanneContact}`, {
      ...person,
      has_account: true,
      reseller_end_client: [own[0], { endclient_id: own[1] }],
    });
    expect(ok.body.data.reseller_end_client).toEqual([
      { endclient_id: Math.min(own[0]!, own[1]!) },
      { endclient_id: Math.max(own[0]!, own[1]!) },
    ]);
    const bad = await admin.put(`/api/contacts/${ids.sanneContact}`, {
      ...person,
      has_account: true,
      reseller_end_client: [foreign],
    });
    expect(bad.body.errors).toEqual({ reseller_end_client: ['Kies eindklanten van deze reseller.'] });
    const notReseller = await admin.post('/api/contacts', {
      ...person,
      email: 'x@voorbeeld.nl',
      client_id: own[0],
      has_account: false,
      reseller_end_client: [own[1]],
    });
    expect(notReseller.body.errors).toEqual({
      reseller_end_client: ['Eindklanten kunnen alleen aan een contactpersoon van een reseller worden gekoppeld.'],
    });
  });

  it('deletes a contact with its account; refuses the own contact', async () => {
    const uid = (
      await ctx.db
        .selectFrom('users')
        .select('id')
        .where('contact_id', '=', ids.sanneContact!)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
    const res = await admin.delete(`/api/contacts/${ids.sanneContact}`);
    expect(res.status).toBe(200);
    const user = await ctx.db.selectFrom('users').select('deleted_at').where('id', '=', uid).executeTakeFirstOrThrow();
    expect(user.deleted_at).not.toBeNull();
    expect((await admin.put(`/api/contacts/${ids.sanneContact}`, { ...person, has_account: false })).status).toBe(404);
    const ownContact = (await admin.get('/api/auth/me')).body.contact.id;
    const self = await admin.delete(`/api/contacts/${ownContact}`);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('Je kunt je eigen account niet verwijderen.');
  });
});
