import zlib from 'node:zlib';
import { UploadRefusedError } from './errors';
import { buildZip, deflateBomb } from './zip-builder';
import { cappedInflate, inspectZip, looksLikeZip, readZipEntry, type ZipEntry } from './zip';
import { refusalReason } from './test-support/refusal';

async function readAll(zip: Buffer, entry: ZipEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of readZipEntry(zip, entry)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (err) {
    return err instanceof UploadRefusedError ? err.reason : `not a refusal: ${String(err)}`;
  }
}

describe('inspectZip', () => {
  it('reads a normal archive (deflated, stored, ZIP64 fields) and its entries', async () => {
    const text = 'Date;Compte\n'.repeat(1000);
    const zip = buildZip([
      { name: 'a.txt', data: text },
      { name: 'dossier/b.bin', data: Buffer.from([1, 2, 3]), store: true },
      { name: 'c64.txt', data: 'grand format', zip64: true },
    ]);
    expect(looksLikeZip(zip)).toBe(true);
    const dir = inspectZip(zip);
    expect(dir.entries.map((e) => [e.name, e.method, e.uncompressedSize])).toEqual([
      ['a.txt', 8, text.length],
      ['dossier/b.bin', 0, 3],
      ['c64.txt', 8, 12],
    ]);
    expect(dir.totalUncompressed).toBe(text.length + 15);
    expect((await readAll(zip, dir.get('a.txt') as ZipEntry)).toString()).toBe(text);
    expect(await readAll(zip, dir.get('dossier/b.bin') as ZipEntry)).toEqual(Buffer.from([1, 2, 3]));
    expect((await readAll(zip, dir.get('c64.txt') as ZipEntry)).toString()).toBe('grand format');
  });

  it('refuses a bomb from its directory alone, before inflating anything (1 MB → 1 GB)', () => {
    const bomb = deflateBomb(1024);
    const zip = buildZip([{ name: 'bomb.xml', deflated: bomb }]);
    expect(zip.length).toBeLessThan(1.1 * 1024 * 1024);
    const cpu0 = process.cpuUsage();
    expect(refusalReason(() => inspectZip(zip))).toBe('tooLarge');
    const cpu = process.cpuUsage(cpu0);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(100);
    // The same sizes in ZIP64 fields, and a total split over many entries.
    expect(refusalReason(() => inspectZip(buildZip([{ name: 'bomb.xml', deflated: bomb, zip64: true }])))).toBe('tooLarge');
    const small = deflateBomb(30);
    const many = buildZip(Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.xml`, deflated: small })));
    expect(refusalReason(() => inspectZip(many, { maxRatio: 2000 }))).toBe('tooLarge');
  });

  it('refuses an extreme compression ratio, too many entries, and what is not a zip', () => {
    const zip = buildZip([{ name: 'dense.xml', deflated: deflateBomb(20) }]);
    expect(refusalReason(() => inspectZip(zip))).toBe('compressionRatio');
    expect(refusalReason(() => inspectZip(zip, { maxRatio: 2000 }))).toBe('accepted');
    const entries = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, data: 'x' }));
    expect(refusalReason(() => inspectZip(buildZip(entries), { maxEntries: 10 }))).toBe('tooManyEntries');
    expect(refusalReason(() => inspectZip(Buffer.from('PK\x03\x04 pas une archive')))).toBe('unreadable');
    const dup = buildZip([
      { name: 'a', data: '1' },
      { name: 'a', data: '2' },
    ]);
    expect(refusalReason(() => inspectZip(dup))).toBe('unreadable');
    const truncated = buildZip([{ name: 'a', data: 'x'.repeat(100) }]);
    expect(refusalReason(() => inspectZip(truncated.subarray(0, truncated.length - 30)))).toBe('unreadable');
  });

  it('caps the bytes inflated at the declared size: a directory that lies is caught while streaming', async () => {
    // Declares 1000 bytes, holds 64 MiB.
    const zip = buildZip([{ name: 'liar.xml', deflated: deflateBomb(64), declaredSize: 1000 }]);
    const dir = inspectZip(zip);
    let seen = 0;
    const read = (async () => {
      for await (const chunk of readZipEntry(zip, dir.entries[0])) seen += chunk.length;
    })();
    expect(await reason(read)).toBe('tooLarge');
    expect(seen).toBeLessThanOrEqual(1000);
    // A stored entry longer than declared, too.
    const stored = buildZip([{ name: 's', data: 'x'.repeat(5000), store: true, declaredSize: 10 }]);
    expect(await reason(readAll(stored, inspectZip(stored).entries[0]))).toBe('tooLarge');
  });

  it('cappedInflate stops at the cap without inflating the rest, and refuses damaged data', async () => {
    const bomb = deflateBomb(1024).bytes; // 1 GiB inflated
    // How much of the compressed input the inflater consumed: zlib counts it as it goes and stops
    // when its reader does (back pressure), so this says "the rest was not inflated" whatever the
    // machine's load (wall and CPU time did not: 2.2 s, then 0.86 s of CPU, seen on loaded runs).
    const stats = { consumed: -1 };
    const rss0 = process.memoryUsage().rss;
    let total = 0;
    const read = (async () => {
      for await (const chunk of cappedInflate(bomb, 8 * 1024 * 1024, stats)) total += chunk.length;
    })();
    expect(await reason(read)).toBe('tooLarge');
    expect(total).toBeLessThanOrEqual(8 * 1024 * 1024);
    // 8 MiB out of 1 GiB: about 1/128 of the input, a few reads ahead at most.
    expect(stats.consumed).toBeGreaterThan(0);
    expect(stats.consumed).toBeLessThan(bomb.length / 32);
    expect(process.memoryUsage().rss - rss0).toBeLessThan(100 * 1024 * 1024);
    expect(
      await reason(
        (async () => {
          for await (const chunk of cappedInflate(Buffer.from([0xff, 0xff, 0xff, 0xff]), 100)) total += chunk.length;
        })(),
      ),
    ).toBe('unreadable');
    const ok: Buffer[] = [];
    for await (const chunk of cappedInflate(zlib.deflateRawSync('bonjour'), 7)) ok.push(chunk);
    expect(Buffer.concat(ok).toString()).toBe('bonjour');
  });
});
