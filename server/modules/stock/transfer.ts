import * as v from 'valibot';
import { ItemStatus } from '@domain/enums';
import { issuesToFieldErrors } from '@domain/schemas/common';
import { ACCESSORY_GROUP_ID, importColumns, importRowSchema, stockMsg, type ImportRow } from '@domain/schemas/stock';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError, unlessTaken } from '../../http/errors';
import { clientScope } from '../../http/scope';
import { readSheet, type Sheet } from '../../lib/sheets';
import { MAX_IMPORT_ROWS } from '@domain/files';
import { recordEvents } from '../events';
import { SERIAL_UNIQUE } from './index';
import { whenSet } from '../../http/list-params';
import { refuseRowErrors } from '../import-rows';

interface ResolvedRow extends ImportRow {
  product_id: number;
  client_id: number;
}

/** The cells of a stock import file; read before the command's transaction opens. */
export function readStockFile(fileName: string, data: Buffer): Promise<Sheet> {
  return readSheet(fileName, data, importColumns.length, stockMsg.fileType);
}

/**
 * Checks every row of a stock import (from readStockFile); one bad row refuses the whole file.
 * Errors are keyed `rows.<n>.<field>` with n the row's number in the spreadsheet (the headings are row 1).
 */
export async function readStockImport(
  db: Executor,
  user: AuthUser,
  sheet: Sheet,
  clientId: number | null,
): Promise<ResolvedRow[]> {
  const { rows, lines } = sheet;
  const first = rows[0]?.map((c) => c.toLowerCase()) ?? [];
  if (first[0] === importColumns[0]?.header.toLowerCase() || first.includes('serienummer')) {
    rows.shift();
    lines.shift();
  }
  if (rows.length === 0) throw ValidationError.field('file', stockMsg.importEmpty);
  if (rows.length > MAX_IMPORT_ROWS) throw ValidationError.field('file', stockMsg.importTooMany);

  const errors: Record<string, string[]> = {};
  const parsed: (ImportRow | null)[] = rows.map((cells, index) => {
    const record = Object.fromEntries(importColumns.map((col, i) => [col.field, cells[i] ?? ''])) as Record<
      string,
      string | null
    >;
    for (const key of ['serial', 'order_number', 'mac_address', 'tag_number']) if (!record[key]) record[key] = null;
    const result = v.safeParse(importRowSchema, record);
    if (result.success) return result.output;
    for (const [field, messages] of Object.entries(issuesToFieldErrors(result.issues)))
      errors[`rows.${lines[index]}.${field}`] = messages;
    return null;
  });

  const numbers = [...new Set(parsed.flatMap((r) => (r ? [r.article_number.toLowerCase()] : [])))];
  const products = numbers.length
    ? await db
        .selectFrom('products')
        .select(['id', 'client_id', 'product_group_id', 'article_number'])
        .where((eb) => eb.fn('lower', ['article_number']), 'in', numbers)
        .where('deleted_at', 'is', null)
        .where('is_active', '=', true)
        .where((eb) => clientScope(user, eb.ref('products.client_id')))
        .$call(whenSet(clientId, (q, id) => q.where('client_id', '=', id)))
        .execute()
    : [];
  const byNumber = new Map<string, typeof products>();
  for (const p of products)
    byNumber.set(p.article_number.toLowerCase(), [...(byNumber.get(p.article_number.toLowerCase()) ?? []), p]);

  const serials = parsed.flatMap((r) => (r?.serial ? [r.serial.toUpperCase()] : []));
  const taken = serials.length
    ? new Set(
        (
          await db
            .selectFrom('items')
            .select((eb) => eb.fn<string>('upper', ['serial']).as('s'))
            .where('deleted_at', 'is', null)
            .where((eb) => eb.fn('upper', ['serial']), 'in', [...new Set(serials)])
            .execute()
        ).map((r) => r.s),
      )
    : new Set<string>();
  const seen = new Set<string>();
  const resolved: ResolvedRow[] = [];
  parsed.forEach((row, index) => {
    if (!row) return;
    const key = (field: string) => `rows.${lines[index]}.${field}`;
    const candidates = byNumber.get(row.article_number.toLowerCase()) ?? [];
    const [product, ...others] = candidates;
    if (!product) {
      errors[key('article_number')] = [stockMsg.productUnknown];
      return;
    }
    if (others.length) {
      errors[key('article_number')] = [stockMsg.productAmbiguous];
      return;
    }
    if (!row.serial && product.product_group_id !== ACCESSORY_GROUP_ID) {
      errors[key('serial')] = [stockMsg.serialRequired];
      return;
    }
    if (row.serial) {
      const s = row.serial.toUpperCase();
      if (taken.has(s)) {
        errors[key('serial')] = [stockMsg.serialTaken];
        return;
      }
      if (seen.has(s)) {
        errors[key('serial')] = [stockMsg.serialTwice];
        return;
      }
      seen.add(s);
    }
    resolved.push({ ...row, product_id: product.id, client_id: product.client_id });
  });
  if (Object.keys(errors).length) {
    refuseRowErrors(errors);
  }
  return resolved;
}

/** Inserts every row (checked in) and one event per item, in the caller's transaction. */
export async function importStock(trx: Trx, user: AuthUser, rows: ResolvedRow[]): Promise<number> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    // A serial checked free while reading may be taken by a parallel request before this insert.
    const inserted = await unlessTaken(
      SERIAL_UNIQUE,
      () => ValidationError.field('file', stockMsg.serialTaken),
      () =>
        trx
          .insertInto('items')
          .values(
            chunk.map((r) => ({
              product_id: r.product_id,
              client_id: r.client_id,
              status_id: ItemStatus.INGEKLAARD,
              serial: r.serial ?? null,
              order_number: r.order_number ?? null,
              mac_address: r.mac_address ?? null,
              tag_number: r.tag_number ?? null,
              daas: r.daas,
              stock_owner: r.stock_owner ?? null,
            })),
          )
          .returning(['id', 'product_id', 'client_id'])
          .execute(),
    );
    await recordEvents(
      trx,
      user,
      inserted.map((it) => ({
        item_id: it.id,
        product_id: it.product_id,
        client_id: it.client_id,
        status_id: ItemStatus.INGEKLAARD,
        action: 'Item geïmporteerd',
      })),
    );
  }
  return rows.length;
}
