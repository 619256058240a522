// Worker script of `readXlsxRowsInWorker`: reads the workbook in this thread, under the worker's limits.
import { serveWorkerTask } from './worker';
import { readXlsxRows, type XlsxRowsOptions } from './xlsx';

serveWorkerTask(({ zip, options }: { zip: Uint8Array; options: XlsxRowsOptions }) =>
  readXlsxRows(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), options),
);
