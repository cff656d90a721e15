/** A small seeded generator (mulberry32) so demo data is the same on every machine. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return nth(list, Math.floor(this.next() * list.length));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export async function insertInChunks<T>(
  rows: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A value the seed has just made (a map entry, a returned row, a held item); its absence is a bug of the seed. */
export function known<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('The demo data missed a value it had made.');
  return value;
}

/**
 * The element n places into the list, counting round: how the seed spreads rows over a list (which must not be empty).
 */
export function nth<T>(list: readonly T[], n: number): T {
  const value = list[n % list.length];
  if (value === undefined) throw new Error('The demo data picked from an empty list.');
  return value;
}
