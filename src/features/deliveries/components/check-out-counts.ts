import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { serialKey } from '@domain/scan';
import { ACCESSORY_GROUP_ID } from '@domain/schemas/stock';

type Line = DeliveryDetail['products'][number];

export interface ArticleCount {
  id: number;
  name: string;
  articleNumber: string;
  expected: number;
  checkedOut: number;
  accessory: boolean;
  /** Open lines without item: what a count may check out (accessories). */
  openWithoutItem: number;
}

/** Per article of the lines to deliver: how many, and how many are checked out ('Uitgeklaard'). */
export function articleCounts(d: DeliveryDetail): ArticleCount[] {
  const byId = new Map<number, ArticleCount>();
  for (const l of d.products.filter((x) => x.is_pickup === 0)) {
    const a = byId.get(l.product_id) ?? {
      id: l.product_id,
      name: l.product.name,
      articleNumber: l.product.article_number,
      expected: 0,
      checkedOut: 0,
      accessory: l.product.product_group_id === ACCESSORY_GROUP_ID,
      openWithoutItem: 0,
    };
    a.expected += 1;
    if (l.checked_out_at) a.checkedOut += 1;
    else if (l.item_id === null) a.openWithoutItem += 1;
    byId.set(l.product_id, a);
  }
  return [...byId.values()];
}

/** Serials of this delivery's lines that are checked out already (here or waiting in the outbox). */
export function checkedOutSerials(d: DeliveryDetail): Set<string> {
  const serialOf = (l: Line) => l.serial ?? d.items.find((i) => i.id === l.item_id)?.serial ?? null;
  return new Set(
    d.products
      .filter((l) => l.is_pickup === 0 && l.checked_out_at)
      .map(serialOf)
      .filter((s): s is string => !!s)
      .map(serialKey),
  );
}

/** The entry a field error key's index (its first group) names, if the key matched and the entry exists. */
const indexed = <T>(list: readonly T[], match: RegExpExecArray | null): T | undefined =>
  match ? list[Number(match[1])] : undefined;

/** Serial errors of a refused check-out (`serials.N`) by serial, and the other messages. */
export function splitErrors(errors: Record<string, string[]>, serials: string[], articles: { id: number }[]) {
  const perSerial: Record<string, string> = {};
  const perArticle: Record<number, string> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const serial = indexed(serials, /^serials\.(\d+)$/.exec(key));
    const article = indexed(articles, /^accessories\.(\d+)\.amount$/.exec(key));
    const [first = ''] = messages;
    if (serial !== undefined) perSerial[serialKey(serial)] = first;
    else if (article) perArticle[article.id] = first;
    else other.push(...messages);
  }
  return { perSerial, perArticle, other };
}
