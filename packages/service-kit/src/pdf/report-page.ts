import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { winAnsi } from './render';

/** An A4 report (aged balance, statement of account, VAT return…): the company, the title, the content, numbered pages. */
export function reportPage(companyName: string, title: string, content: Content[], landscape = false): TDocumentDefinitions {
  return {
    compress: true,
    pageSize: 'A4' as const,
    pageOrientation: landscape ? ('landscape' as const) : ('portrait' as const),
    pageMargins: [36, 36, 36, 44] as [number, number, number, number],
    info: { title: winAnsi(title), author: winAnsi(companyName), creator: 'Xaalis' },
    defaultStyle: { font: 'Helvetica', fontSize: 8 },
    footer: (p: number, pages: number) => ({
      text: `Page ${p} / ${pages}`,
      alignment: 'center' as const,
      fontSize: 7,
      margin: [0, 14, 0, 0],
    }),
    content: [
      { text: winAnsi(companyName), bold: true, fontSize: 12 },
      { text: winAnsi(title), fontSize: 15, bold: true, color: '#0b5394', margin: [0, 6, 0, 10] },
      ...content,
    ] as Content[],
  };
}
