import zlib from 'node:zlib';

/**
 * Builds a zip archive in memory, honest or forged: for tests of the upload
 * guards (a normal workbook, a deflate bomb, a directory that lies about
 * sizes), without a zip library.
 */

export interface ZipBuildEntry {
  name: string;
  /** The content, deflated here (or stored when `store`). */
  data?: Buffer | string;
  store?: boolean;
  /** Already deflated (raw) content, with the size it inflates to: for bombs built without inflating them. */
  deflated?: { bytes: Buffer; size: number };
  /** The uncompressed size written in the headers instead of the real one (a lying directory). */
  declaredSize?: number;
  /** Write the sizes as ZIP64 extra fields (0xFFFFFFFF in the 32-bit fields). */
  zip64?: boolean;
}

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(b: Buffer): number {
  let c = -1;
  for (let i = 0; i < b.length; i++) c = CRC_TABLE[(c ^ b[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/**
 * Raw deflate data that inflates to `prefix` then `mib` MiB of `pattern`
 * repeated, built from one compressed MiB repeated (about 1 KB each, ratio
 * ≈ 1000:1): a bomb of any size without ever holding it inflated. The
 * pattern's length must divide 1 MiB (1, 2, 4, 8… characters).
 */
export function deflateBomb(mib: number, pattern = ' ', prefix = ''): { bytes: Buffer; size: number } {
  const sync = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const head = Buffer.from(prefix, 'utf8');
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, pattern), sync);
  const parts: Buffer[] = head.length > 0 ? [zlib.deflateRawSync(head, sync)] : [];
  for (let i = 0; i < mib; i++) parts.push(block);
  parts.push(Buffer.from([0x03, 0x00])); // a final empty fixed-Huffman block
  return { bytes: Buffer.concat(parts), size: head.length + mib * 1024 * 1024 };
}

export function buildZip(entries: ZipBuildEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const raw = e.data === undefined ? null : Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8');
    const body = e.deflated ? e.deflated.bytes : e.store ? (raw ?? Buffer.alloc(0)) : zlib.deflateRawSync(raw ?? Buffer.alloc(0));
    const size = e.declaredSize ?? (e.deflated ? e.deflated.size : (raw?.length ?? 0));
    const crc = raw ? crc32(raw) : 0;
    const method = e.store ? 0 : 8;
    const extra = e.zip64 ? Buffer.alloc(4 + 24) : Buffer.alloc(0);
    if (e.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(body.length), 12);
      extra.writeBigUInt64LE(BigInt(offset), 20);
    }
    const u32 = (v: number) => (e.zip64 ? 0xffffffff : v);
    const version = e.zip64 ? 45 : 20;
    // From "version needed" to "extra field length", both headers hold the same fields at the same relative offsets.
    const writeEntryFields = (header: Buffer, at: number) => {
      header.writeUInt16LE(version, at);
      header.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      header.writeUInt16LE(method, at + 4);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(u32(body.length), at + 14);
      header.writeUInt32LE(u32(size), at + 18);
      header.writeUInt16LE(name.length, at + 22);
      header.writeUInt16LE(extra.length, at + 24);
    };

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4);
    locals.push(local, name, extra, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(version, 4); // version made by
    writeEntryFields(central, 6);
    central.writeUInt32LE(u32(offset), 42);
    centrals.push(central, name, extra);
    offset += local.length + name.length + extra.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(directory.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, eocd]);
}

/** A minimal XLSX (workbook, relationships, shared strings, styles with a date format) around the first sheet's `<sheetData>` content. */
export function buildXlsx(
  sheetData: string | { deflated: { bytes: Buffer; size: number }; declaredSize?: number },
  sharedStrings: string[] = [],
) {
  const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `${xmlHead}<workbook ${ns} xmlns:r="${rel}"><workbookPr/><sheets><sheet name="Journal" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>` +
        `<Relationship Id="rId3" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: 'xl/styles.xml',
      data: `${xmlHead}<styleSheet ${ns}><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    },
    {
      name: 'xl/sharedStrings.xml',
      data: `${xmlHead}<sst ${ns} count="${sharedStrings.length}">${sharedStrings.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`,
    },
    typeof sheetData === 'string'
      ? { name: 'xl/worksheets/sheet1.xml', data: `${xmlHead}<worksheet ${ns}><sheetData>${sheetData}</sheetData></worksheet>` }
      : { name: 'xl/worksheets/sheet1.xml', deflated: sheetData.deflated, declaredSize: sheetData.declaredSize },
  ]);
}
