import { PGlite } from '@electric-sql/pglite';
const pg = new PGlite();
const r = await pg.query(`select 1::int8 as a, now() as b, current_date as c, 1.5::numeric as d, count(*) as e from (select 1) x`);
console.log(r.rows, typeof r.rows[0].a);
const t0=Date.now(); const dump = await pg.dumpDataDir('none'); console.log('dump', dump.size, Date.now()-t0);
const t1=Date.now(); const p2 = new PGlite({loadDataDir: dump}); await p2.waitReady; console.log('load', Date.now()-t1);
