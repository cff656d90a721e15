import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as v from 'valibot';
import { ArchiveReader, BackupDamaged } from './archive';
import { MANIFEST_CHECK_ENTRY, MANIFEST_ENTRY, manifestSchema, MAX_MANIFEST_BYTES, type Manifest } from './manifest';
import { BackupRefused } from './refused';

async function readWhole(reader: ArchiveReader, name: string, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of reader.data(name, size)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupDamaged('de inhoudsopgave (manifest.json) is geen geldige JSON');
  }
  const parsed = v.safeParse(manifestSchema, json);
  if (!parsed.success)
    throw new BackupDamaged(
      `de inhoudsopgave (manifest.json) klopt niet (${v.getDotPath(parsed.issues[0]) ?? 'opbouw'})`,
    );
  return parsed.output;
}

/** Writes an entry's data into `folder/<name>` (never outside it) and checks its SHA-256. */
async function unpackEntry(
  reader: ArchiveReader,
  folder: string,
  name: string,
  size: number,
  sha256: string,
): Promise<void> {
  const file = path.resolve(folder, name);
  if (!file.startsWith(path.resolve(folder) + path.sep)) throw new BackupDamaged(`${name} wijst buiten de back-up`);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const hash = crypto.createHash('sha256');
  await pipeline(
    async function* () {
      for await (const chunk of reader.data(name, size)) {
        hash.update(chunk);
        yield chunk;
      }
    },
    fs.createWriteStream(file, { flags: 'wx' }),
  );
  if (hash.digest('hex') !== sha256) throw new BackupDamaged(`de controlesom van ${name} klopt niet`);
}

/**
 * Reads the whole backup file into `folder`, checking it as it goes: manifest.json first, then
 * exactly the entries it lists, in its order, each of its size and SHA-256, then the manifest's own
 * SHA-256 and the end of the archive. Any deviation throws BackupDamaged; the target is not touched yet.
 */
export async function unpackVerified(file: string, folder: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupRefused(`Het back-upbestand ${file} bestaat niet.`);
  const reader = await ArchiveReader.open(file);
  try {
    const first = await reader.next().catch((err: unknown) => {
      throw err instanceof BackupDamaged ? new BackupDamaged('het is geen back-up van het portaal') : err;
    });
    if (first?.name !== MANIFEST_ENTRY)
      throw new BackupDamaged('het begint niet met manifest.json: is het een back-up van het portaal?');
    if (first.size > MAX_MANIFEST_BYTES) throw new BackupDamaged('manifest.json is te groot');
    const manifestBytes = await readWhole(reader, MANIFEST_ENTRY, first.size);
    const manifest = parseManifest(manifestBytes);
    for (const expected of manifest.entries) {
      const entry = await reader.next();
      if (!entry) throw new BackupDamaged(`${expected.name} ontbreekt`);
      if (entry.name !== expected.name)
        throw new BackupDamaged(`${entry.name} staat niet op de plaats die manifest.json noemt`);
      if (entry.size !== expected.size)
        throw new BackupDamaged(`${entry.name} is ${entry.size} bytes, manifest.json zegt ${expected.size}`);
      await unpackEntry(reader, folder, entry.name, entry.size, expected.sha256);
    }
    const check = await reader.next();
    if (check && check.name !== MANIFEST_CHECK_ENTRY)
      throw new BackupDamaged(`${check.name} staat er in, maar niet in manifest.json`);
    if (check?.size !== 64) throw new BackupDamaged(`${MANIFEST_CHECK_ENTRY} ontbreekt`);
    const recorded = (await readWhole(reader, MANIFEST_CHECK_ENTRY, 64)).toString('ascii');
    if (recorded !== crypto.createHash('sha256').update(manifestBytes).digest('hex')) {
      throw new BackupDamaged('de controlesom van manifest.json klopt niet');
    }
    if ((await reader.next()) !== null) throw new BackupDamaged('er staat meer in dan manifest.json noemt');
    return manifest;
  } finally {
    await reader.close();
  }
}
