import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';

/** One member of a zip archive as its central directory describes it. */
interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {}
/** More bytes would be unpacked than the caller's budget allows. */
export class UnpackLimitError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/** The entries of a zip held in memory, read from its central directory (no member is unpacked). */
export function zipEntries(data: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('no end of central directory');
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw new ZipFormatError('bad central directory');
    const nameLength = data.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      declaredSize: data.readUInt32LE(at + 24),
      localHeaderOffset: data.readUInt32LE(at + 42),
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
    };
    entries.set(entry.name.replace(/^\/+/, ''), entry);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/** Unpacked bytes still allowed, shared by every member read from one upload. */
export interface UnpackBudget {
  remaining: number;
}

/**
 * The text of one member, chunk by chunk as it inflates. Stops with UnpackLimitError as soon as the
 * budget is spent (or when the declared size alone would spend it), so a zip bomb is never unpacked
 * further than the budget; a consumer that stops early stops the inflation too.
 */
export async function* memberText(data: Buffer, entry: ZipEntry, budget: UnpackBudget): AsyncGenerator<string> {
  if (
    entry.declaredSize === ZIP64_MARK ||
    entry.compressedSize === ZIP64_MARK ||
    entry.declaredSize > budget.remaining
  ) {
    throw new UnpackLimitError(entry.name);
  }
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) throw new ZipFormatError('bad local header');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const packed = data.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) throw new ZipFormatError('member cut off');
  const decoder = new StringDecoder('utf8');
  const take = (chunk: Buffer) => {
    budget.remaining -= chunk.length;
    if (budget.remaining < 0) throw new UnpackLimitError(entry.name);
    return decoder.write(chunk);
  };
  if (entry.method === 0) {
    for (let i = 0; i < packed.length; i += 64 * 1024) yield take(packed.subarray(i, i + 64 * 1024));
  } else if (entry.method === 8) {
    const inflater = zlib.createInflateRaw();
    inflater.end(packed);
    try {
      for await (const chunk of inflater) yield take(chunk as Buffer);
    } catch (err) {
      if (err instanceof UnpackLimitError) throw err;
      throw new ZipFormatError(`cannot inflate ${entry.name}`);
    } finally {
      inflater.destroy();
    }
  } else throw new ZipFormatError(`unsupported method ${entry.method}`);
  yield decoder.end();
}
