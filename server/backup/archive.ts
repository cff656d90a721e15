import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import { BackupRefused } from './refused';

/**
 * The backup file is a plain POSIX tar (ustar): `tar tvf` lists it. Only regular files are written
 * and read; the reader refuses anything else (links, devices, extended headers), so no entry can
 * point outside the folder it is unpacked in.
 */
const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);
const CHUNK = 1 << 20;

/** A backup file that is cut off, changed or not a backup: nothing has been restored from it. */
export class BackupDamaged extends BackupRefused {
  constructor(detail: string) {
    super(`Het back-upbestand is beschadigd of onvolledig: ${detail}. Er is niets hersteld.`);
  }
}

const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';

/** Splits a name over ustar's prefix (155) and name (100) fields at a '/'. */
function splitName(name: string): [prefix: string, rest: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
    const [prefix, rest] = [name.slice(0, i), name.slice(i + 1)];
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new BackupRefused(`Naam te lang voor het archief: ${name}`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, rest] = splitName(name);
  block.write(rest, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  block.write(octal(checksum(block), 7) + ' ', 148, 'ascii');
  return block;
}

/** The header's checksum: the sum of its bytes with the checksum field read as spaces. */
function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  return sum;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes entries one after another to a file; `finish` adds the end-of-archive blocks. */
export class ArchiveWriter {
  private constructor(
    private readonly handle: FileHandle,
    private readonly mtime = new Date(),
  ) {}

  static async create(file: string): Promise<ArchiveWriter> {
    // Readable by its owner only: a backup holds password hashes and two-step secrets.
    return new ArchiveWriter(await fsp.open(file, 'wx', 0o600));
  }

  /** One entry from chunks whose total is `size`; returns their SHA-256 (hex). */
  async add(name: string, size: number, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<string> {
    await this.handle.write(header(name, size, this.mtime));
    const hash = crypto.createHash('sha256');
    let written = 0;
    for await (const chunk of chunks) {
      hash.update(chunk);
      written += chunk.length;
      if (written > size) break;
      await this.handle.write(chunk);
    }
    if (written !== size)
      throw new BackupRefused(`${name} veranderde tijdens de back-up (${written} in plaats van ${size} bytes)`);
    await this.handle.write(Buffer.alloc(padding(size)));
    return hash.digest('hex');
  }

  /** Copies the entries another writer wrote (and closed) into this archive. */
  async append(file: string): Promise<void> {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK }))
      await this.handle.write(chunk as Buffer);
  }

  /** Closes the file as a run of entries, without the end-of-archive blocks. */
  async close(): Promise<void> {
    await this.handle.close();
  }

  /** Writes the end-of-archive blocks and closes the file, on disk. */
  async finish(): Promise<void> {
    await this.handle.write(ZEROS);
    await this.handle.sync();
    await this.handle.close();
  }

  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

/** Reads a file's bytes from the start, in order, refusing to read past its end. */
export class ArchiveReader {
  private position = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  static async open(file: string): Promise<ArchiveReader> {
    const handle = await fsp.open(file, 'r');
    return new ArchiveReader(handle, (await handle.stat()).size);
  }

  private async read(length: number, what: string): Promise<Buffer> {
    if (this.position + length > this.size) throw new BackupDamaged(`het bestand houdt op in ${what}`);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, this.position);
    if (bytesRead !== length) throw new BackupDamaged(`het bestand houdt op in ${what}`);
    this.position += length;
    return buffer;
  }

  /** The next entry's name and size, or null at the end-of-archive blocks (after which only zeros may follow). */
  async next(): Promise<{ name: string; size: number } | null> {
    const block = await this.read(BLOCK, 'een kop');
    if (block.every((b) => b === 0)) {
      await this.expectZerosToEnd();
      return null;
    }
    const stored = parseInt(block.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8);
    if (stored !== checksum(block)) throw new BackupDamaged('de kop van een onderdeel klopt niet');
    const type = block.toString('ascii', 156, 157);
    if (type !== '0' && type !== '\0') throw new BackupDamaged('het bevat iets anders dan gewone bestanden');
    const field = (start: number, length: number) =>
      block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim(), 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new BackupDamaged(`de grootte van ${name} klopt niet`);
    // Only what ArchiveWriter writes: the header made again from what was read is the same, byte for byte.
    const mtime = parseInt(field(136, 12).trim(), 8);
    if (!Number.isSafeInteger(mtime) || !header(name, size, new Date(mtime * 1000)).equals(block)) {
      throw new BackupDamaged(`de kop van ${name} is gewijzigd`);
    }
    return { name, size };
  }

  /** The entry's data in chunks; then checks that its padding is zeros. */
  async *data(name: string, size: number): AsyncGenerator<Buffer> {
    for (let left = size; left > 0; left -= CHUNK) yield await this.read(Math.min(left, CHUNK), name);
    if (!(await this.read(padding(size), name)).every((b) => b === 0)) throw new BackupDamaged(`${name} is gewijzigd`);
  }

  /** After the first zero block: a second one, then (as tar pads to its record size) only zeros. */
  private async expectZerosToEnd(): Promise<void> {
    if (!(await this.read(BLOCK, 'het slot')).every((b) => b === 0)) throw new BackupDamaged('het slot is gewijzigd');
    while (this.position < this.size) {
      const rest = await this.read(Math.min(CHUNK, this.size - this.position), 'het slot');
      if (!rest.every((b) => b === 0)) throw new BackupDamaged('er staat iets na het slot');
    }
    if (this.size % BLOCK !== 0) throw new BackupDamaged('het slot klopt niet');
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
