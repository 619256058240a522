/**
 * Guards for uploaded files. Every upload the product accepts goes through
 * them before any parser sees its content, whatever its format:
 * - a zip (XLSX, and any other archive-based format): `inspectZip` refuses
 *   what its central directory declares beyond the limits (total size,
 *   compression ratio, entry count) before anything is inflated, and
 *   `readZipEntry`/`cappedInflate` never inflate more than an entry declares;
 * - XML (OFX 2, camt.053 and other statements): `XmlTokenizer`/`assertSafeXml`
 *   — no DOCTYPE, no entity declaration or expansion, depth and sizes bounded
 *   (OFX 1 is SGML, not XML: its reader must apply the same limits itself);
 * - CSV and other text: the request's byte cap, then line limits in the reader;
 * - the parse itself runs in a worker thread with heap and time limits
 *   (`runInWorker`, `readXlsxRowsInWorker`): a hostile file ends its worker,
 *   never the service.
 * Refusals are UploadRefusedError with a reason; each service words them in French.
 */
export * from './body';
export * from './errors';
export * from './zip';
export * from './xml';
export * from './worker';
export * from './xlsx';
export * from './zip-builder';
