import zlib from 'node:zlib';
import { UploadRefusedError } from './errors';

/**
 * A zip archive read from its central directory only (never from the local
 * headers' sizes, never sequentially), checked before anything is inflated:
 * entry count, the sum of the declared uncompressed sizes, the compression
 * ratio. Every entry is then inflated through a byte cap equal to its
 * declared size, so a directory that lies about sizes gains nothing.
 */

export interface ZipLimits {
  /** Sum of the declared uncompressed sizes of all entries (bytes). */
  maxTotalUncompressed: number;
  /** Uncompressed / compressed, per entry and for the whole archive, once above `ratioFrom` bytes. */
  maxRatio: number;
  /** Below this many uncompressed bytes, an entry's ratio is not checked (small XML parts compress well). */
  ratioFrom: number;
  maxEntries: number;
}

/**
 * 100 MB inflated; 100:1 as Apache POI's ZipSecureFile (a spreadsheet's XML
 * compresses about 10:1, a deflate bomb about 1000:1).
 */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalUncompressed: 100 * 1024 * 1024,
  maxRatio: 100,
  ratioFrom: 1024 * 1024,
  maxEntries: 10_000,
};

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (others are refused when read). */
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  totalUncompressed: number;
  /** The entry of that name (names are unique: duplicates are refused). */
  get(name: string): ZipEntry | undefined;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U16 = 0xffff;
const U32 = 0xffffffff;

const unreadable = (detail: string) => new UploadRefusedError('unreadable', detail);

/** A 64-bit little-endian size as a number; beyond 2^53 it is anyway far beyond any limit. */
function u64(b: Buffer, at: number): number {
  return Number(b.readBigUInt64LE(at));
}

/** True when the bytes start as a zip archive does (a local file header). */
export const looksLikeZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === LOCAL;

/**
 * Reads and checks the central directory (End Of Central Directory record,
 * ZIP64 when present). Throws UploadRefusedError: unreadable, tooManyEntries,
 * tooLarge, compressionRatio. Bounded work: the directory lies inside `zip`.
 */
export function inspectZip(zip: Buffer, limits: Partial<ZipLimits> = {}): ZipDirectory {
  const lim = { ...DEFAULT_ZIP_LIMITS, ...limits };
  // The EOCD record (22 bytes + a comment of at most 65535) ends the file.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - U16); i--) {
    if (zip.readUInt32LE(i) === EOCD && i + 22 + zip.readUInt16LE(i + 20) <= zip.length) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable('no end of central directory');
  if (zip.readUInt16LE(eocd + 4) !== 0 || zip.readUInt16LE(eocd + 6) !== 0) throw unreadable('multi-disk archive');
  let count = zip.readUInt16LE(eocd + 10);
  let cdSize = zip.readUInt32LE(eocd + 12);
  let cdOffset = zip.readUInt32LE(eocd + 16);
  if (count === U16 || cdSize === U32 || cdOffset === U32) {
    const locator = eocd - 20;
    if (locator < 0 || zip.readUInt32LE(locator) !== EOCD64_LOCATOR) throw unreadable('zip64 locator missing');
    const at = u64(zip, locator + 8);
    if (at + 56 > zip.length || zip.readUInt32LE(at) !== EOCD64) throw unreadable('zip64 end of central directory missing');
    count = u64(zip, at + 32);
    cdSize = u64(zip, at + 40);
    cdOffset = u64(zip, at + 48);
  }
  if (count > lim.maxEntries) throw new UploadRefusedError('tooManyEntries', `${count} entries`);
  if (cdOffset + cdSize > zip.length) throw unreadable('central directory outside the file');

  const entries: ZipEntry[] = [];
  const byName = new Map<string, ZipEntry>();
  let total = 0;
  let compressedTotal = 0;
  let p = cdOffset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > cdOffset + cdSize || zip.readUInt32LE(p) !== CENTRAL) throw unreadable('central directory entry malformed');
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    let compressedSize = zip.readUInt32LE(p + 20);
    let uncompressedSize = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    if (zip.readUInt16LE(p + 34) !== 0) throw unreadable('multi-disk archive');
    let localHeaderOffset = zip.readUInt32LE(p + 42);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > cdOffset + cdSize) throw unreadable('central directory entry malformed');
    const name = zip.toString('utf8', p + 46, p + 46 + nameLength);
    // ZIP64 extended information (0x0001): the 64-bit values of the fields set to 0xFFFFFFFF, in this order.
    if (uncompressedSize === U32 || compressedSize === U32 || localHeaderOffset === U32) {
      let e = p + 46 + nameLength;
      const extraEnd = e + extraLength;
      let found = false;
      while (e + 4 <= extraEnd) {
        const id = zip.readUInt16LE(e);
        const size = zip.readUInt16LE(e + 2);
        if (e + 4 + size > extraEnd) break;
        if (id === 0x0001) {
          let f = e + 4;
          const next = () => {
            if (f + 8 > e + 4 + size) throw unreadable('zip64 field malformed');
            const v = u64(zip, f);
            f += 8;
            return v;
          };
          if (uncompressedSize === U32) uncompressedSize = next();
          if (compressedSize === U32) compressedSize = next();
          if (localHeaderOffset === U32) localHeaderOffset = next();
          found = true;
          break;
        }
        e += 4 + size;
      }
      if (!found) throw unreadable('zip64 field missing');
    }
    if (byName.has(name)) throw unreadable(`duplicate entry ${name}`);
    if (localHeaderOffset + 30 > zip.length) throw unreadable('entry outside the file');
    total += uncompressedSize;
    compressedTotal += compressedSize;
    if (total > lim.maxTotalUncompressed) throw new UploadRefusedError('tooLarge', `more than ${lim.maxTotalUncompressed} bytes declared`);
    if (uncompressedSize > lim.ratioFrom && uncompressedSize > lim.maxRatio * Math.max(compressedSize, 1))
      throw new UploadRefusedError('compressionRatio', `${name}: ${uncompressedSize} / ${compressedSize}`);
    const entry: ZipEntry = { name, method, flags, compressedSize, uncompressedSize, localHeaderOffset };
    entries.push(entry);
    byName.set(name, entry);
    p = end;
  }
  if (total > lim.ratioFrom && total > lim.maxRatio * Math.max(compressedTotal, 1))
    throw new UploadRefusedError('compressionRatio', `archive: ${total} / ${compressedTotal}`);
  return { entries, totalUncompressed: total, get: (name) => byName.get(name) };
}

/** The entry's compressed bytes, located through its local header (only its name and extra lengths are used). */
function entryData(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (zip.readUInt32LE(at) !== LOCAL) throw unreadable(`${entry.name}: local header missing`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw unreadable(`${entry.name}: data outside the file`);
  return zip.subarray(start, start + entry.compressedSize);
}

const CHUNK = 64 * 1024;

/**
 * The inflated bytes of `input` (raw deflate), chunk by chunk, aborting with
 * UploadRefusedError('tooLarge') as soon as more than `maxBytes` come out:
 * at most one chunk (64 KB) beyond the cap is ever produced, whatever the
 * input claims. The inflater honours back-pressure, so nothing runs ahead:
 * `stats.consumed` tells how much of the compressed input it read.
 */
export async function* cappedInflate(input: Buffer, maxBytes: number, stats?: { consumed: number }): AsyncGenerator<Buffer> {
  const inflate = zlib.createInflateRaw({ chunkSize: CHUNK });
  let total = 0;
  try {
    inflate.end(input);
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new UploadRefusedError('tooLarge', `more than ${maxBytes} bytes inflated`);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof UploadRefusedError) throw err;
    throw unreadable(`inflate: ${(err as Error).message}`);
  } finally {
    if (stats) stats.consumed = inflate.bytesWritten;
    inflate.destroy();
  }
}

/**
 * One entry's content, chunk by chunk, never more than its declared size
 * (nor `maxBytes` when smaller): a directory that understates a size is
 * caught here. Stored and deflated entries only; encrypted ones are refused.
 */
export async function* readZipEntry(zip: Buffer, entry: ZipEntry, maxBytes = entry.uncompressedSize): AsyncGenerator<Buffer> {
  if (entry.flags & 0x1) throw unreadable(`${entry.name}: encrypted`);
  const cap = Math.min(maxBytes, entry.uncompressedSize);
  const data = entryData(zip, entry);
  if (entry.method === 0) {
    if (data.length > cap) throw new UploadRefusedError('tooLarge', `${entry.name}: more than ${cap} bytes stored`);
    for (let i = 0; i < data.length; i += CHUNK) yield data.subarray(i, i + CHUNK);
    return;
  }
  if (entry.method !== 8) throw unreadable(`${entry.name}: compression method ${entry.method}`);
  yield* cappedInflate(data, cap);
}
