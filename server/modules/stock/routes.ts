import type { FastifyPluginAsync } from 'fastify';
import { productPriceSchema, productSchema } from '@domain/schemas/stock';
import { id as idSchema } from '@domain/schemas/common';
import { sendXlsx, timestampedName, workbookStream } from '../../lib/xlsx';
import { currentUser, right } from '../../http/access';
import { runCommand } from '../../http/command';
import { withStoredFile } from '../../http/stored-files';
import { HttpError, ValidationError, idParam, parse } from '../../http/errors';
import { listParams } from '../../http/list-params';
import { exportColumnsList, pickedColumns } from './export';
import { sendStoredFile } from '../../lib/file-type';
import { assertImportFile, checkedImage } from './forms';
import { readForm } from '../form';
import { availableItems } from './item-lists';
import { allProducts, listProducts, productsOfClient, productsOfProject } from './product-lists';
import { productDetail, productRow } from './product-detail';
import { createProduct, deleteProduct, setProductActive, setProductPrice, updateProduct } from './product-commands';
import { productGroup, productGroups } from './product-groups';
import { importStock, readStockFile, readStockImport } from './transfer';
import * as v from 'valibot';
import { itemRoutes } from './item-routes';
import { filterValueSchema, listQuerySchema } from '@domain/schemas/paging';
import {
  exportColumnListSchema,
  itemRowsSchema,
  productAnswerSchema,
  productDetailSchema,
  productGroupListSchema,
  productGroupSchema,
  productListSchema,
  productRowsSchema,
  stockImportAnswerSchema,
} from '@domain/contracts/stock';
import { idParams, routeSchema, schemas, uploadField } from '../../http/route-schema';

const view = { config: { access: right('Voorraad bekijken') } };
const byId = idParams('id');
const filter = v.optional(filterValueSchema);
/** The article lists' query: the table's parameters and the filters of spec 2 §2.1 (ids; stock is an item status). */
const productListQuery = v.object({
  ...listQuerySchema.entries,
  'filters[client]': filter,
  'filters[reseller]': filter,
  'filters[product_group]': filter,
  'filters[stock]': filter,
});
/**
 * The stock export: the list's query and the chosen columns (`headings`, keys comma separated; GET /export-columns).
 */
const stockExportQuery = v.object({ ...productListQuery.entries, headings: v.optional(v.string()) });

/** Forms send POST with _method=PUT for updates (spec 2 §7); anything else on that path is refused. */
function assertPutOverride(fields: Record<string, unknown>) {
  const method = String(fields._method ?? '').toUpperCase();
  if (method !== 'PUT' && method !== 'PATCH') throw new HttpError(405, 'Gebruik _method=PUT om te wijzigen.');
  delete fields._method;
}

export const stockRoutes: FastifyPluginAsync = async (app) => {
  const { db, storage } = app;
  await app.register(itemRoutes);

  // Products
  app.get(
    '/products',
    { ...view, schema: routeSchema({ querystring: productListQuery, response: { 200: productListSchema } }) },
    async (request) =>
      listProducts(db, currentUser(request), listParams(request.query), { active: true }, '/api/products'),
  );
  app.get(
    '/products/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: productDetailSchema } }) },
    async (request) => productDetail(db, currentUser(request), idParam(request.params)),
  );
  app.get('/products/:id/image', { ...view, schema: schemas.byId }, async (request, reply) => {
    const product = await productRow(db, currentUser(request), idParam(request.params));
    if (!product.image) throw new HttpError(404, 'Geen afbeelding');
    reply.header('Cache-Control', 'private, max-age=300');
    return sendStoredFile(reply, storage, product.image, `artikel-${product.id}`);
  });

  app.post(
    '/products',
    {
      config: { access: right('Voorraad aanmaken') },
      schema: routeSchema({
        body: v.object({ ...productSchema.entries, image: v.optional(uploadField) }),
        multipart: true,
        response: { 201: productAnswerSchema },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { fields, files } = await readForm(request);
      const input = parse(productSchema, fields);
      const upload = checkedImage(files.image);
      return withStoredFile(storage, reply, upload ? { folder: 'products', ...upload } : null, (stored) =>
        runCommand(db, request, reply, async (trx) => {
          const id = await createProduct(trx, user, input, stored?.key ?? null);
          return { status: 201, body: { message: 'Artikel is aangemaakt', data: await productDetail(trx, user, id) } };
        }),
      );
    },
  );

  app.post(
    '/products/:id',
    {
      config: { access: right('Voorraad wijzigen') },
      schema: routeSchema({
        params: byId,
        body: v.object({ _method: v.literal('PUT'), ...productSchema.entries, image: v.optional(uploadField) }),
        multipart: true,
        response: { 200: productAnswerSchema },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const { fields, files } = await readForm(request);
      assertPutOverride(fields);
      const input = parse(productSchema, fields);
      const upload = checkedImage(files.image);
      await productRow(db, user, id);
      const body = await withStoredFile(storage, reply, upload ? { folder: 'products', ...upload } : null, (stored) =>
        runCommand(db, request, reply, async (trx) => {
          const replaced = await updateProduct(trx, user, id, input, stored?.key ?? null);
          return { body: { message: 'Artikel is gewijzigd', data: await productDetail(trx, user, id), replaced } };
        }),
      );
      if (body.replaced) await storage.remove(body.replaced).catch(() => undefined);
      return { message: body.message, data: body.data };
    },
  );

  app.delete(
    '/products/:id',
    { config: { access: right('Voorraad verwijderen') }, schema: schemas.messageById },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      return runCommand(db, request, reply, async (trx) => {
        await deleteProduct(trx, user, id);
        return { body: { message: 'Artikel is verwijderd' } };
      });
    },
  );
  app.post(
    '/products/:id/inactive',
    { config: { access: right('Voorraad verwijderen') }, schema: schemas.messageById },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      return runCommand(db, request, reply, async (trx) => {
        await setProductActive(trx, user, id, false);
        return { body: { message: 'Artikel is inactief gemaakt' } };
      });
    },
  );
  app.post(
    '/products/:id/active',
    { config: { access: right('Voorraad wijzigen') }, schema: schemas.messageById },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      return runCommand(db, request, reply, async (trx) => {
        await setProductActive(trx, user, id, true);
        return { body: { message: 'Product is geactiveerd' } };
      });
    },
  );
  app.post(
    '/products/:id/prices',
    {
      config: { access: right('Factuur beheren') },
      schema: routeSchema({ params: byId, body: productPriceSchema, response: { 200: productAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const { price } = parse(productPriceSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        await setProductPrice(trx, user, id, price);
        return { body: { message: 'Tarief is opgeslagen', data: await productDetail(trx, user, id) } };
      });
    },
  );

  app.get(
    '/getproductsbyclientid/:id',
    {
      ...view,
      schema: routeSchema({ params: byId, querystring: productListQuery, response: { 200: productListSchema } }),
    },
    async (request) =>
      productsOfClient(
        db,
        currentUser(request),
        idParam(request.params),
        listParams(request.query),
        true,
        `/api/getproductsbyclientid/${idParam(request.params)}`,
      ),
  );
  app.get(
    '/inactive-products/:id',
    {
      ...view,
      schema: routeSchema({ params: byId, querystring: productListQuery, response: { 200: productListSchema } }),
    },
    async (request) =>
      productsOfClient(
        db,
        currentUser(request),
        idParam(request.params),
        listParams(request.query),
        false,
        `/api/inactive-products/${idParam(request.params)}`,
      ),
  );
  app.get(
    '/getproductsbyprojectid/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: productRowsSchema } }) },
    async (request) => productsOfProject(db, currentUser(request), idParam(request.params)),
  );
  app.get(
    '/getavailableitems/:product_id',
    { ...view, schema: routeSchema({ params: idParams('product_id'), response: { 200: itemRowsSchema } }) },
    async (request) => availableItems(db, currentUser(request), idParam(request.params, 'product_id')),
  );

  app.get(
    '/product-groups',
    { config: { access: 'verified' }, schema: routeSchema({ response: { 200: productGroupListSchema } }) },
    async () => productGroups(db),
  );
  app.get(
    '/product-groups/:id',
    { config: { access: 'verified' }, schema: routeSchema({ params: byId, response: { 200: productGroupSchema } }) },
    async (request) => productGroup(db, idParam(request.params)),
  );

  // Import and export
  app.post(
    '/importstock',
    {
      config: { access: right('Voorraad importeren') },
      schema: routeSchema({
        body: v.object({ client_id: v.optional(v.string()), file: uploadField }),
        multipart: true,
        response: { 200: stockImportAnswerSchema },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw ValidationError.field('file', 'Kies een bestand.');
      const { fields, files } = await readForm(request);
      const file = assertImportFile(files.file);
      const clientId =
        fields.client_id != null && fields.client_id !== '' && fields.client_id !== 'null'
          ? parse(idSchema, fields.client_id)
          : null;
      const cells = await readStockFile(file.name, file.data);
      return runCommand(db, request, reply, async (trx) => {
        const rows = await readStockImport(trx, user, cells, clientId);
        const imported = await importStock(trx, user, rows);
        return { body: { message: 'Voorraad is geïmporteerd', imported } };
      });
    },
  );

  app.get(
    '/export-columns',
    {
      config: { access: right('Voorraad exporteren') },
      schema: routeSchema({ response: { 200: exportColumnListSchema } }),
    },
    async () => exportColumnsList(),
  );
  app.get(
    '/exportstockcsv',
    { config: { access: right('Voorraad exporteren') }, schema: routeSchema({ querystring: stockExportQuery }) },
    async (request, reply) => {
      const rows = await allProducts(db, currentUser(request), listParams(request.query), { active: true });
      return sendXlsx(
        reply,
        timestampedName('products'),
        workbookStream('Voorraad', pickedColumns(request.query), rows),
      );
    },
  );
};
