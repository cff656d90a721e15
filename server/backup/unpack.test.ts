import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveWriter, BackupDamaged } from './archive';
import {
  DATABASE_ENTRY,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_CHECK_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
} from './manifest';
import { unpackVerified } from './unpack';

/**
 * The checks a backup file passes before anything is restored from it: the archive's own shape, the
 * manifest, each entry's name, size and SHA-256. Files are made by the same writer `db:backup` uses,
 * then changed the way a cut-off copy, a tampered one or a crafted one would be.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-unpack-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sha = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const DUMP = crypto.randomBytes(3000);
const LOGO = Buffer.from('logo bytes');

interface Part {
  name: string;
  data: Buffer;
  listed?: { size?: number; sha256?: string } | false;
}

/** A backup file of the given entries; `listed` changes (or leaves out) an entry in the manifest. */
async function backupOf(
  parts: Part[],
  change: (m: Manifest) => unknown = (m) => m,
  after: Part[] = [],
): Promise<string> {
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    schemaVersion: '20261203T2200-mail-outbox',
    database: { engine: 'pglite', tool: 'PGlite' },
    files: { source: 'folder', count: parts.length - 1 },
    entries: parts
      .filter((p) => p.listed !== false)
      .map((p) => ({ name: p.name, size: p.data.length, sha256: sha(p.data), ...(p.listed || {}) })),
  };
  const bytes = Buffer.from(JSON.stringify(change(manifest)));
  const file = path.join(dir, `${crypto.randomUUID()}.backup`);
  const writer = await ArchiveWriter.create(file);
  await writer.add(MANIFEST_ENTRY, bytes.length, [bytes]);
  for (const p of parts) await writer.add(p.name, p.data.length, [p.data]);
  await writer.add(MANIFEST_CHECK_ENTRY, 64, [Buffer.from(sha(bytes))]);
  for (const p of after) await writer.add(p.name, p.data.length, [p.data]);
  await writer.finish();
  return file;
}

const good = (): Part[] => [
  { name: DATABASE_ENTRY.pglite, data: DUMP },
  { name: 'files/clients/a.png', data: LOGO },
];

async function refusal(file: string): Promise<string> {
  const out = fs.mkdtempSync(path.join(dir, 'out-'));
  const err = await unpackVerified(file, out).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupDamaged);
  return (err as Error).message;
}

describe('unpacking a backup file', () => {
  it('unpacks a whole one: every entry under its name, with its bytes', async () => {
    const out = fs.mkdtempSync(path.join(dir, 'out-'));
    const manifest = await unpackVerified(await backupOf(good()), out);
    expect(manifest.entries.map((e) => e.name)).toEqual([DATABASE_ENTRY.pglite, 'files/clients/a.png']);
    expect(fs.readFileSync(path.join(out, DATABASE_ENTRY.pglite)).equals(DUMP)).toBe(true);
    expect(fs.readFileSync(path.join(out, 'files/clients/a.png')).equals(LOGO)).toBe(true);
  });

  it('refuses a file cut off anywhere, and one with a single byte changed (every 13th position tried)', async () => {
    const whole = fs.readFileSync(
      await backupOf([{ name: DATABASE_ENTRY.pglite, data: DUMP.subarray(0, 700) }, good()[1]!]),
    );
    for (const length of [0, 100, 512, 1500, 2048, whole.length - 1024, whole.length - 1]) {
      const file = path.join(dir, `cut-${length}`);
      fs.writeFileSync(file, whole.subarray(0, length));
      expect(await refusal(file), `cut at ${length}`).toMatch(
        /^Het back-upbestand is beschadigd of onvolledig: .+\. Er is niets hersteld\.$/,
      );
    }
    for (let at = 0; at < whole.length; at += 13) {
      const changed = Buffer.from(whole);
      changed[at] = (changed[at] ?? 0) ^ 0x20;
      const file = path.join(dir, `changed-${at}`);
      fs.writeFileSync(file, changed);
      await refusal(file);
    }
  });

  it('refuses names that leave the folder, absolute names, and entries the manifest does not list as they are', async () => {
    for (const name of ['files/../../etc/passwd', '/etc/passwd', 'files//x', 'files/a\\..\\b', 'database/other']) {
      expect(await refusal(await backupOf([...good(), { name, data: LOGO }])), name).toContain(
        'manifest.json) klopt niet',
      );
    }
    expect(await refusal(await backupOf(good(), (m) => m, [{ name: 'files/extra.png', data: LOGO }]))).toContain(
      'er staat meer in dan manifest.json noemt',
    );
    expect(
      await refusal(await backupOf([...good(), { name: 'files/big.bin', data: LOGO, listed: { size: 3 } }])),
    ).toContain('files/big.bin is 10 bytes, manifest.json zegt 3');
    expect(
      await refusal(await backupOf([...good(), { name: 'files/x.png', data: LOGO, listed: { sha256: sha(DUMP) } }])),
    ).toContain('de controlesom van files/x.png klopt niet');
    expect(
      await refusal(await backupOf([...good(), { name: 'files/unlisted.png', data: LOGO, listed: false }])),
    ).toContain('files/unlisted.png staat er in, maar niet in manifest.json');
    expect(await refusal(await backupOf(good(), (m) => ({ ...(m as object), format: 'iets anders' })))).toContain(
      'manifest.json) klopt niet (format)',
    );
  });

  it('refuses a link or any entry that is not a plain file, and a file that is no backup at all', async () => {
    const file = await backupOf(good());
    const bytes = fs.readFileSync(file);
    // The second header (the dump's) made a symbolic link, its checksum made right again.
    const second = 512 + 512;
    bytes[second + 156] = '2'.charCodeAt(0);
    bytes.write('        ', second + 148, 'ascii');
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += bytes[second + i] ?? 0;
    bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, second + 148, 'ascii');
    const link = path.join(dir, 'link.backup');
    fs.writeFileSync(link, bytes);
    expect(await refusal(link)).toContain('het bevat iets anders dan gewone bestanden');

    const other = path.join(dir, 'other.backup');
    fs.writeFileSync(other, crypto.randomBytes(4096));
    expect(await refusal(other)).toContain('het is geen back-up van het portaal');
  });
});
