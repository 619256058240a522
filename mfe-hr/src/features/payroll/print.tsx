import { createSvgIcon } from '@mui/material/utils';
import { notifySessionExpired, toast } from '@xaalis/web-kit';

/** Material Design's 'download' icon, drawn inline (web-kit has none). */
export const DownloadIcon = createSvgIcon(<path d="M19 9h-4V3H9v6H5l7 7zM5 18v2h14v-2z" />, 'Download');

export const PRINT_ERROR = "Impossible d'imprimer le bulletin de paie";

/** How long the hidden frame stays after the print dialog opened (the browser reads the PDF from it meanwhile). */
const FRAME_LIFETIME_MS = 60_000;

/** Prints a PDF without leaving the page: an object URL in a hidden iframe, the browser's print dialog once it has loaded. */
export function printPdf(blob: Blob): HTMLIFrameElement {
  const url = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.title = 'Impression du bulletin de paie';
  frame.setAttribute('aria-hidden', 'true');
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  frame.addEventListener('load', () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    setTimeout(() => {
      frame.remove();
      URL.revokeObjectURL(url);
    }, FRAME_LIFETIME_MS);
  });
  frame.src = url;
  document.body.appendChild(frame);
  return frame;
}

/** The server's French message of a refused request (`{message}`), else its status. */
async function failureText(response: Response): Promise<string> {
  try {
    const body = JSON.parse(await response.text()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) return body.message.trim();
  } catch {
    // not JSON
  }
  return `${response.status}: ${response.statusText}`;
}

/**
 * 'Imprimer le bulletin': fetches the bulletin's PDF (`url`, with the session cookie) and opens
 * the browser's print dialog on it. A 401 shows 'Non autorisé'; another failure an 'Erreur' toast.
 */
export async function printPdfFrom(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/pdf' } });
    if (!response.ok) {
      if (response.status === 401) notifySessionExpired();
      else toast({ title: 'Erreur', description: `${PRINT_ERROR} : ${await failureText(response)}`, variant: 'destructive' });
      return false;
    }
    printPdf(await response.blob());
    return true;
  } catch (error) {
    toast({
      title: 'Erreur',
      description: `${PRINT_ERROR} : ${error instanceof Error ? error.message : String(error)}`,
      variant: 'destructive',
    });
    return false;
  }
}
