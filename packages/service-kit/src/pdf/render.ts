import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { InvoiceClientSnapshot, InvoiceIssuerSnapshot } from '@xaalis/contracts';
import type { TaskItems } from '../workers/pool';
import { workerTask, type TaskIO } from '../workers/task';

/**
 * Server-side PDFs (invoices, statements, payslips) with pdfmake 0.3's Node
 * API and the PDF standard fonts (Helvetica): no font file, no network.
 * Resource policies deny every URL and every local file but the standard font
 * names, so nothing in a document (user text included) can make the renderer
 * read a file or fetch. pdfmake is loaded on the first document only: every
 * process importing service-kit (the gateway included) would otherwise pay its
 * load time and memory.
 */
const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
const STANDARD_FONTS = new Set(Object.values(HELVETICA));

type PdfMake = typeof import('pdfmake');
let engine: Promise<PdfMake> | undefined;
function pdfMake(): Promise<PdfMake> {
  engine ??= import('pdfmake').then((mod) => {
    // Node's import() of a CommonJS module: module.exports is the namespace's default.
    const pdfmake = (mod as { default?: PdfMake }).default ?? mod;
    pdfmake.setFonts({ Helvetica: HELVETICA });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
    return pdfmake;
  });
  return engine;
}

/** A company as printed in a document's header (an invoice's issuer snapshot has the same fields). */
export type PdfCompany = InvoiceIssuerSnapshot;
/** A client or supplier as printed (an invoice's client snapshot). */
export type PdfThirdParty = InvoiceClientSnapshot;

// Windows-1252 (WinAnsi), the encoding of the standard fonts: Latin-1 plus these.
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** User text made printable in a standard font: narrow/other spaces become spaces, characters it lacks become '?'. */
export function winAnsi(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .replace(/[\u2000-\u200a\u202f\u205f\u3000\r\t]/g, ' ')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/gu, (c) => (CP1252_EXTRA.has(c) ? c : '?'));
}

/** "2026-03-14" → "14/03/2026". */
export const frDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '—');

/** A company's or third party's block: name, address, phone, e-mail, RCCM (if asked) and NINEA. */
export function partyBlock(title: string, p: PdfCompany | PdfThirdParty, withRegistration: boolean): Content[] {
  const lines: Content[] = [{ text: winAnsi(p.name), bold: true, fontSize: title ? 11 : 14, margin: [0, 0, 0, 2] }];
  if (p.address) lines.push({ text: winAnsi(p.address) });
  if (p.phone) lines.push({ text: `Tél. : ${winAnsi(p.phone)}` });
  if (p.email) lines.push({ text: winAnsi(p.email) });
  if (withRegistration && 'registrationNumber' in p && p.registrationNumber)
    lines.push({ text: `RCCM : ${winAnsi(p.registrationNumber)}` });
  if (p.taxNumber) lines.push({ text: `NINEA : ${winAnsi(p.taxNumber)}` });
  return title ? [{ text: title, style: 'label', margin: [0, 0, 0, 4] }, ...lines] : lines;
}

/**
 * Any document as a PDF file, with the fonts and resource policies above, on
 * the caller's thread: pdfmake lays out synchronously (about 1 ms per table
 * row), so a service renders through `pdfDocument` (a pool thread), never here.
 */
export async function renderPdf(document: TDocumentDefinitions): Promise<Buffer> {
  return (await pdfMake()).createPdf(document).getBuffer();
}

/** Builds a document from plain data (and the items streamed to it) in a pool thread. */
export type PdfBuilder<I> = (input: I, io: TaskIO) => TDocumentDefinitions | Promise<TDocumentDefinitions>;

/**
 * A kind of PDF rendered in the worker pool: defined at the top level of the
 * module `file` (its `__filename`) under a unique `name`, it answers a
 * function of plain data. The data (and `items`, streamed in batches: a Grand
 * livre's lines) are posted to a pool thread, which builds the document there
 * with `build` — table layouts and footers are functions, which cannot be
 * posted — and renders it: neither step runs on the request loop.
 */
export function pdfDocument<I>(file: string, name: string, build: PdfBuilder<I>): (input: I, items?: TaskItems) => Promise<Buffer> {
  const task = workerTask<I, Uint8Array>(file, name, async (input, io) => renderPdf(await build(input, io)));
  return async (input, items) => {
    const pdf = await task.run(input, items);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  };
}
