/**
 * Why an upload was refused. Service-independent codes: each service turns
 * them into its own French message and status (413/422).
 * - tooLarge: the content is (or inflates to) more than the stated limit
 * - compressionRatio: an entry (or the whole archive) is compressed beyond the stated ratio
 * - tooManyEntries: more archive entries than allowed
 * - unreadable: a damaged or forged archive, an XML that is not well formed, an unsupported zip feature
 * - xmlForbidden: a DOCTYPE, an entity declaration or an unknown entity reference
 * - xmlTooDeep: elements nested beyond the stated depth
 * - notWorkbook: a zip that is not an XLSX workbook (no workbook, no worksheet)
 * - tooManyRows, tooManyBlankRows, tooManyColumns: beyond the caller's limits
 * - formula: a formula cell (detail: its reference, "E3") where values are required
 * - memory, timeout: the parse worker went beyond its memory or time limit
 */
export const UPLOAD_REFUSALS = [
  'tooLarge',
  'compressionRatio',
  'tooManyEntries',
  'unreadable',
  'xmlForbidden',
  'xmlTooDeep',
  'notWorkbook',
  'tooManyRows',
  'tooManyBlankRows',
  'tooManyColumns',
  'formula',
  'memory',
  'timeout',
] as const;
export type UploadRefusal = (typeof UPLOAD_REFUSALS)[number];

/** An upload refused by one of the guards (see UploadRefusal); `detail` is for the message (a cell) or the logs. */
export class UploadRefusedError extends Error {
  override readonly name = 'UploadRefusedError';
  constructor(
    public readonly reason: UploadRefusal,
    public readonly detail?: string,
  ) {
    super(detail ? `upload refused: ${reason} (${detail})` : `upload refused: ${reason}`);
  }
}

/** True for an UploadRefusedError, also one rebuilt from another realm (a worker's answer). */
export function isUploadRefused(err: unknown): err is UploadRefusedError {
  return err instanceof UploadRefusedError;
}
