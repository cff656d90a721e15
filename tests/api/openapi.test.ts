/**
 * The API describes itself (issue 8): every registered /api route is in the OpenAPI 3.1
 * description, its schemas come from the shared valibot schemas, validation stays with those schemas
 * (Dutch 422), and a declared response schema sends only the declared fields.
 */
import Fastify from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiRoute } from '../../server/app';
import { messageResponse, routeSchema } from '../../server/http/route-schema';
import { openApiPath } from '../../server/http/openapi';
import { API_CONTENT_SECURITY_POLICY } from '../../server/http/security-headers';
import { sessionUserSchema } from '@domain/contracts/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** The viewer's own files (HTML, scripts, the copy of the description) are not operations of the API. */
const isDocsViewer = (r: ApiRoute) => r.url === '/api/docs' || r.url.startsWith('/api/docs/');

describe('GET /api/openapi.json', () => {
  it('describes every registered route, without a session', async () => {
    const res = await ctx.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const missing = ctx.app.apiRoutes
      .filter((r) => !isDocsViewer(r))
      .filter((r) => !paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(ctx.app.apiRoutes.filter((r) => !isDocsViewer(r)).length).toBeGreaterThan(90);
  });

  it("takes request schemas from the shared valibot schemas and states each route's access", async () => {
    const paths = (await ctx.client().get('/api/openapi.json')).body.paths;
    const createRole = paths['/api/roles'].post;
    const body = createRole.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['name', 'description']);
    expect(createRole.description).toContain("recht 'Rol aanmaken'");
    expect(createRole.tags).toEqual(['role']);
    const detail = paths['/api/users/{id}'].get;
    expect(detail.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id', required: true }));
    const list = paths['/api/users'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'sort', 'page', 'per_page']),
    );
    expect(paths['/api/auth/login'].post.description).toContain('public');
  });

  it('describes the answers of the detail and list pages from the shared contracts', async () => {
    const paths = (await ctx.client().get('/api/openapi.json')).body.paths;
    const answer = (path: string) => paths[path].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer('/api/asns/{id}').properties)).toEqual(
      expect.arrayContaining(['reference', 'client', 'products', 'complete']),
    );
    expect(Object.keys(answer('/api/items/{id}').properties)).toEqual(
      expect.arrayContaining(['serial', 'status', 'product', 'events']),
    );
    expect(answer('/api/products').properties.data.items.properties.price.properties).toHaveProperty('price');
    expect(Object.keys(answer('/api/clients/{id}').properties)).toEqual(
      expect.arrayContaining(['contacts', 'addresses', 'products', 'items', 'asns', 'monthly_payments']),
    );
    expect(answer('/api/clients/{id}').required).not.toContain('products');
    expect(answer('/api/client-list').properties.data.items.properties).toHaveProperty('location');
    expect(Object.keys(answer('/api/deliveries/{id}').properties)).toEqual(
      expect.arrayContaining(['title', 'products', 'bulk_products', 'signature', 'can']),
    );
    expect(answer('/api/deliveries/today').properties.data.items.properties).toHaveProperty('can');
    expect(answer('/api/backorders').properties.data.items.properties).toHaveProperty('end_customer_name');
    expect(Object.keys(answer('/api/repairdeliveries').properties.data.items.properties)).toEqual(
      expect.arrayContaining(['order_number', 'serials', 'end_customer_name', 'finished_repair']),
    );
    expect(Object.keys(answer('/api/repairs/{id}').properties)).toEqual(
      expect.arrayContaining(['end_customer', 'quotation', 'action_log', 'mail_contacts', 'can']),
    );
    expect(answer('/api/geteventsbyrepairid/{id}').items.properties).toHaveProperty('status_name');
    expect(Object.keys(answer('/api/productswitheolitems').properties.data.items.properties)).toEqual(
      expect.arrayContaining(['eol_items', 'client_name', 'reseller_name']),
    );
    expect(Object.keys(answer('/api/items/itemseolbyproductid/{id}').properties)).toEqual(
      expect.arrayContaining(['data', 'total', 'product']),
    );
  });

  it('describes the answer of every JSON read of the repair and EOL areas', async () => {
    const paths = (await ctx.client().get('/api/openapi.json')).body.paths as Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
    >;
    const reads = [
      '/api/repairdeliveries',
      '/api/repairs/{id}',
      '/api/geteventsbyrepairid/{id}',
      '/api/productswitheolitems',
      '/api/items/itemseolbyproductid/{id}',
    ];
    const undescribed = reads.filter((path) => !paths[path]?.get?.responses?.['200']?.content?.['application/json']);
    expect(undescribed).toEqual([]);
    const files = [
      '/api/exportrepair',
      '/api/exporteolproducts',
      '/api/deliveries/{id}/images/{image}',
      '/api/deliveries/{id}/quotation',
    ];
    for (const path of files) expect(paths[path]?.get, path).toBeDefined();
    const image = paths['/api/deliveries/{id}/images/{image}']!.get as unknown as {
      parameters: { name: string; in: string }[];
    };
    expect(
      image.parameters
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['id', 'image']);
  });

  it('leaves validation to the shared schemas: a bad body still gets the Dutch per-field messages', async () => {
    const admin = await ctx.client().signIn('beheerder@demo.local');
    const res = await admin.post('/api/roles', { name: '', description: 5 });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(['Dit veld is verplicht.']);
    expect(res.body.errors.description).toBeDefined();
    expect('Er bestaat al een rol met deze naam.').toBeTruthy();
  });

  it('describes the answer of every JSON route outside stock and pre-notifications; files declare their parameters', async () => {
    type Operation = {
      tags?: string[];
      parameters?: { in: string; name: string }[];
      requestBody?: { content: Record<string, unknown> };
      responses?: Record<string, { content?: Record<string, { schema: Record<string, never> }> }>;
    };
    const paths = (await ctx.client().get('/api/openapi.json')).body.paths as Record<string, Record<string, Operation>>;
    const areas = [
      'auth',
      'client',
      'contact',
      'delivery',
      'eol',
      'fieldwork',
      'invoice',
      'repair',
      'role',
      'statistics',
      'user',
    ];
    const files = [
      'GET /api/exportcrmcsv',
      'GET /api/clients/{id}/image',
      'GET /api/exportdelivery',
      'GET /api/deliveries/{id}/packing_slip',
      'GET /api/deliveries/{id}/file',
      'GET /api/deliveries/{id}/signature',
      'GET /deliveries/{id}/shipping_label',
      'GET /api/exportrepair',
      'GET /api/deliveries/{id}/images/{image}',
      'GET /api/deliveries/{id}/quotation',
      'GET /api/exporteolproducts',
      'GET /api/exportusers',
      'GET /api/exportitemsinuse',
      'GET /api/{id}/invoices',
      'GET /api/{id}/invoicesOverview',
    ];
    const all = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    const operations = all.filter(({ op }) => areas.includes(op.tags?.[0] ?? ''));
    expect(operations.length).toBeGreaterThan(80);
    const json = (op: Operation) =>
      Object.entries(op.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .map(([, r]) => r.content?.['application/json']?.schema)
        .filter(Boolean);
    const undescribed = operations
      .filter(({ route, op }) => !files.includes(route) && json(op).length === 0)
      .map(({ route }) => route);
    expect(undescribed).toEqual([]);
    for (const route of files) {
      const op = all.find((o) => o.route === route)?.op;
      expect(op, route).toBeDefined();
      expect(op!.parameters?.length ?? 0, route).toBeGreaterThan(0);
    }
    const invoice = paths['/api/{id}/invoices']!.get!;
    expect(invoice.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:id', 'query:year', 'query:month']),
    );

    const answer = (path: string, method = 'get', status = '200') =>
      paths[path]![method]!.responses![status]!.content!['application/json']!.schema as unknown as {
        properties: Record<
          string,
          { properties?: Record<string, unknown>; items?: { properties: Record<string, unknown> } }
        >;
      };
    // The session's user through the code step, or before it only its name and two-step state.
    const [signedIn, pending] = (
      answer('/api/auth/login', 'post') as unknown as { anyOf: { properties: Record<string, unknown> }[] }
    ).anyOf;
    expect(Object.keys(signedIn!.properties)).toEqual(
      expect.arrayContaining(['permissions', 'otp_enabled', 'otp_authorized', 'contact']),
    );
    expect(Object.keys(pending!.properties).sort()).toEqual(['name', 'otp_authorized', 'otp_enabled']);
    expect(Object.keys(answer('/api/getstatistics/{customerId}/{year}').properties.deliveries!.properties!)).toEqual(
      expect.arrayContaining(['daysSwapPerMonth', 'totalbulkItems', 'mutationItems']),
    );
    expect(answer('/api/users').properties.data!.items!.properties).toHaveProperty('role');
    expect(answer('/api/roles/{id}/permissions', 'post').properties.data!.properties).toHaveProperty('permissions');
    expect(answer('/api/contacts', 'post', '201').properties).toHaveProperty('activation_mail_sent');
    expect(answer('/api/deliveries', 'post', '201').properties.data!.properties).toHaveProperty('can');
    expect(answer('/api/delivery/checkout', 'post').properties.data!.properties).toHaveProperty('checked_out');
    expect(Object.keys(paths['/api/deliveries']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(paths['/api/finish/delivery']!.post!.requestBody!.content['application/json']).toBeDefined();
  });

  it('sends the signed-in user as the session contract declares it, and only that', async () => {
    const admin = await ctx.client().signIn('beheerder@demo.local');
    const me = await admin.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(Object.keys(sessionUserSchema.entries).sort());
    expect(Object.keys(me.body.contact).sort()).toEqual([
      'client',
      'client_id',
      'email',
      'first_name',
      'id',
      'last_name',
      'phone',
    ]);
    expect(me.body.permissions).toContain('Rol aanmaken');
    const restored = await admin.post('/api/auth/restore');
    expect(restored.body).toEqual(me.body);
  });

  it('describes the answer of every JSON route of the stock and pre-notification areas, and sends only those fields', async () => {
    type Schema = { properties: Record<string, Schema>; items: Schema; required: string[]; format?: string };
    type Operation = {
      tags?: string[];
      parameters?: { name: string; in: string }[];
      requestBody?: { content: Record<string, { schema: Schema }> };
      responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    };
    const paths = (await ctx.client().get('/api/openapi.json')).body.paths as Record<string, Record<string, Operation>>;
    const operations = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    const area = operations.filter(({ op }) => op.tags?.some((t) => t === 'stock' || t === 'preNotification'));
    expect(area.length).toBeGreaterThan(40);
    const files = [
      'GET /api/products/{id}/image',
      'GET /api/exportstockcsv',
      'GET /api/exportstockitems/{id}',
      'GET /api/exportasnproductscsv',
    ];
    const json = (op: Operation) =>
      Object.entries(op.responses).find(([status, r]) => status.startsWith('2') && r.content?.['application/json'])?.[1]
        .content!['application/json']!.schema;
    expect(area.filter(({ name, op }) => !files.includes(name) && !json(op)).map(({ name }) => name)).toEqual([]);
    for (const name of files) expect(area.map((a) => a.name)).toContain(name);

    const op = (name: string) => area.find((a) => a.name === name)!.op;
    const answer = (name: string) => json(op(name))!;
    /** The schema at a dotted path below `schema`; a missing step fails the test with its name. */
    const at = (schema: Schema, path: string): Schema =>
      path.split('.').reduce((node, step) => {
        const next = (node as unknown as Record<string, Schema | undefined>)[step];
        if (!next) throw new Error(`No '${step}' in the schema at ${path}`);
        return next;
      }, schema);
    // Commands answer with their toast text and the record as it is now; creating ones with 201.
    expect(Object.keys(op('POST /api/products').responses)).toContain('201');
    expect(at(answer('POST /api/products'), 'properties.data.properties')).toHaveProperty('media');
    expect(answer('POST /api/items/{id}/mutation').required).toEqual(
      expect.arrayContaining(['message', 'delivery_id', 'data']),
    );
    expect(at(answer('PUT /api/bundles/{id}'), 'properties.data.properties')).toHaveProperty('client_products');
    expect(at(answer('PUT /api/asns/{id}'), 'properties.data.properties')).toHaveProperty('products');
    expect(at(answer('POST /api/importstock'), 'properties')).toHaveProperty('imported');
    // What the check-in modal and the outbox get back, and the look-up before it.
    expect(Object.keys(at(answer('POST /api/delivery/save-and-finish'), 'properties.data.properties'))).toEqual([
      'id',
      'created',
      'completed',
      'items',
    ]);
    expect(at(answer('POST /api/items/scanitems'), 'properties.data.items.properties')).toHaveProperty('available');
    expect(Object.keys(at(answer('GET /api/getasnproducts/{id}'), 'items.properties'))).toEqual([
      'id',
      'product_id',
      'name',
      'article_number',
      'expected',
      'arrived',
      'product_group_id',
    ]);
    // The customer page's tables read the same rows as the stock lists.
    expect(
      at(answer('GET /api/getproductsbyclientid/{id}'), 'properties.data.items.properties.price.properties'),
    ).toHaveProperty('price');
    expect(at(answer('GET /api/getitemsbyclientid/{id}'), 'properties.data.items.properties')).toHaveProperty(
      'product_name',
    );
    expect(at(answer('GET /api/export-columns'), 'items').required).toEqual(['key', 'label', 'default']);
    // Requests: the product form's image, the export's columns and filters.
    expect(
      op('POST /api/products/{id}').requestBody!.content['multipart/form-data']!.schema.properties.image,
    ).toMatchObject({ format: 'binary' });
    expect(
      op('GET /api/exportstockcsv')
        .parameters!.filter((p) => p.in === 'query')
        .map((p) => p.name),
    ).toEqual(expect.arrayContaining(['headings', 'filters[stock]', 'search']));

    // Sent: only the declared fields (the rows' internal cents and the check-in's full lines stay on the server).
    const admin = await ctx.client().signIn('beheerder@demo.local');
    const customer = await ctx.db
      .selectFrom('products')
      .select('client_id')
      .where('deleted_at', 'is', null)
      .where('is_active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const rows = (await admin.get(`/api/getproductsbyclientid/${customer.client_id}`)).body.data as Record<
      string,
      unknown
    >[];
    expect(rows.length).toBeGreaterThan(0);
    const declared = Object.keys(
      at(answer('GET /api/getproductsbyclientid/{id}'), 'properties.data.items.properties'),
    ).sort();
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(declared);
  });
});

describe('the answers of the customer, delivery, repair and EOL areas', () => {
  it('send the fields their response schemas declare: every required one, nothing undeclared', async () => {
    type Schema = { properties?: Record<string, Schema>; items?: Schema; required?: string[] };
    const paths = (await ctx.client().get('/api/openapi.json')).body.paths as Record<
      string,
      Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>
    >;
    const declared = (path: string) => paths[path]?.get?.responses['200']?.content['application/json']?.schema ?? {};
    const rowOf = (schema: Schema) => schema.properties?.data?.items ?? {};
    const admin = await ctx.client().signIn('beheerder@demo.local');
    /** The answer's keys against the schema's: the required ones present, none outside the declared ones. */
    const expectDeclared = (what: string, answer: Record<string, unknown>, schema: Schema) => {
      const keys = Object.keys(answer);
      expect(keys, what).toEqual(expect.arrayContaining(schema.required ?? []));
      expect(
        keys.filter((k) => !Object.hasOwn(schema.properties ?? {}, k)),
        what,
      ).toEqual([]);
    };
    const firstRow = async (path: string) => {
      const [row] = (await admin.get(path)).body.data as Record<string, unknown>[];
      expect(row, path).toBeDefined();
      expectDeclared(path, row ?? {}, rowOf(declared(path)));
      return row ?? {};
    };
    const delivery = await firstRow('/api/deliveries');
    expectDeclared(
      'delivery',
      (await admin.get(`/api/deliveries/${String(delivery.id)}`)).body,
      declared('/api/deliveries/{id}'),
    );
    const repair = await firstRow('/api/repairdeliveries');
    expectDeclared(
      'repair',
      (await admin.get(`/api/repairs/${String(repair.id)}`)).body,
      declared('/api/repairs/{id}'),
    );
    const customer = await firstRow('/api/endcustomers');
    expectDeclared(
      'customer',
      (await admin.get(`/api/clients/${String(customer.id)}`)).body,
      declared('/api/clients/{id}'),
    );
    const eol = await firstRow('/api/productswitheolitems');
    const items = (await admin.get(`/api/items/itemseolbyproductid/${String(eol.id)}`)).body as Record<string, unknown>;
    expectDeclared('EOL items', items, declared('/api/items/itemseolbyproductid/{id}'));
  });
});

describe('/api/docs', () => {
  it('serves a readable page with its own content policy, the rest of the API keeps the stricter API policy', async () => {
    const client = ctx.client();
    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(String(page.body)).toContain('swagger-ui');
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    const script = await client.get('/api/docs/static/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    const description = await client.get('/api/openapi.json');
    expect(description.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });
});

describe('a declared response schema', () => {
  it('sends only the declared fields', async () => {
    const app = Fastify();
    app.get('/x', { schema: routeSchema({ response: { 200: messageResponse } }) }, async () => ({
      message: 'Klaar',
      password_hash: 'geheim',
    }));
    const res = await app.inject('/x');
    expect(res.json()).toEqual({ message: 'Klaar' });
    await app.close();
  });

  it('sends a nullable field as null or as its value, a nullable object with only its declared fields', async () => {
    const row = v.object({
      serial: v.nullable(v.string()),
      count: v.nullable(v.number()),
      end_user: v.nullable(v.object({ id: v.number(), name: v.string() })),
    });
    const schema = routeSchema({ response: { 200: v.array(row) } });
    expect(JSON.stringify(schema.response)).not.toContain('anyOf');
    const app = Fastify();
    app.get('/x', { schema }, async () => [
      { serial: null, count: null, end_user: null },
      { serial: 'BN1', count: 0, end_user: { id: 7, name: 'Jan', password_hash: 'geheim' }, total_rows: 2 },
      { serial: new Date(Date.UTC(2026, 10, 27)), count: 3, end_user: null },
    ]);
    const res = await app.inject('/x');
    expect(res.json()).toEqual([
      { serial: null, count: null, end_user: null },
      { serial: 'BN1', count: 0, end_user: { id: 7, name: 'Jan' } },
      { serial: '2026-11-27T00:00:00.000Z', count: 3, end_user: null },
    ]);
    await app.close();
  });
});

describe('the whole API', () => {
  it('describes the answer of every route in the whole API; only downloads and the description itself answer no JSON', async () => {
    type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };
    const paths = (await ctx.client().get('/api/openapi.json')).body.paths as Record<string, Record<string, Operation>>;
    const downloads =
      /^GET \/(api\/(export\w+(\/\{id\})?|\{id\}\/invoices(Overview)?|openapi\.json|(clients|products)\/\{id\}\/image|deliveries\/\{id\}\/(packing_slip|file|signature|quotation|images\/\{image\}))|deliveries\/\{id\}\/shipping_label)$/;
    const undescribed = Object.entries(paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
      )
      .filter(
        ({ op }) =>
          !Object.entries(op.responses ?? {}).some(
            ([status, r]) => status.startsWith('2') && r.content?.['application/json'],
          ),
      )
      .map(({ route }) => route);
    expect(undescribed.filter((route) => !downloads.test(route))).toEqual([]);
    expect(undescribed.length).toBeLessThan(25);
  });
});
