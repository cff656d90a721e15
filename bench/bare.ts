/**
 * The ratio baselines of `npm run bench`: a bare Fastify + pg server with the portal's pool size (10),
 * on the same database, without session, rights, count or compression. Each route reads what a portal
 * route reads, with one indexed query sent as a named (prepared) statement, as the portal sends its
 * statements (server/db/pool.ts). Started by bench/run.ts as a child process, like the portal:
 * DATABASE_URL=… PORT=… npx tsx bench/bare.ts
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

const itemsOfProduct = `select id, product_id, client_id, status_id, serial, order_number, mac_address, tag_number, created_at, updated_at
  from items where product_id = $1 and deleted_at is null order by id limit 25 offset $2`;

type ItemsRequest = { Params: { id: string }; Querystring: { page?: string } };
const pageOf = (request: { query: { page?: string } }) => Math.max(1, Number(request.query.page ?? 1) || 1);

// One page of a product's items: the baseline of every list and detail route.
app.get<ItemsRequest>('/items/:id', async (request) => {
  const page = pageOf(request);
  const { rows } = await pool.query({
    name: 'items',
    text: itemsOfProduct,
    values: [Number(request.params.id), (page - 1) * 25],
  });
  return { current_page: page, data: rows };
});

// The same as an unnamed statement (parsed and planned on every request): how the bench's baseline
// was sent until 27 Nov 2026, printed for comparison with the figures of the issue and earlier rounds.
app.get<ItemsRequest>('/items-unnamed/:id', async (request) => {
  const page = pageOf(request);
  const { rows } = await pool.query(itemsOfProduct, [Number(request.params.id), (page - 1) * 25]);
  return { current_page: page, data: rows };
});

// The product groups: the baseline of the signed-in floor, which reads the same ten rows.
app.get('/product-groups', async () => {
  const { rows } = await pool.query({ name: 'groups', text: 'select id, name from product_groups order by id' });
  return rows;
});

const port = Number(process.env.PORT ?? 38412);
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare server listening on ${port}`);
