import { errorMessage } from './api';
import { notifySessionExpired, toast } from './toast';

// File downloads from the API (PDF, XLSX), shared by the remotes.

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` or `filename="…"`), if any. */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : undefined;
}

/** Thrown by {@link downloadFile} on a non-OK answer: message "<status>: <body or status text>". */
export class DownloadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a file the API produces (PDF, XLSX): fetched with the session cookie as a
 * blob, saved under `fileName` (or the server's Content-Disposition name when
 * `preferServerName`). Returns the name used. A 401 shows 'Non autorisé' and leaves
 * for /api/login; other failures throw {@link DownloadError}.
 */
export async function downloadFile(url: string, fileName: string, { preferServerName = false } = {}): Promise<string> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: '*/*' } });
  if (!response.ok) {
    let text = '';
    try {
      text = await response.text();
    } catch {
      text = '';
    }
    if (response.status === 401) notifySessionExpired();
    let server: string | undefined;
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body?.message === 'string' && body.message.trim()) server = body.message.trim();
    } catch {
      // not JSON
    }
    throw new DownloadError(response.status, `${response.status}: ${text || response.statusText}`, server);
  }
  const blob = await response.blob();
  const name = (preferServerName && fileNameFromDisposition(response.headers?.get?.('Content-Disposition'))) || fileName;
  saveBlob(blob, name);
  return name;
}

/** {@link downloadFile} with an 'Erreur' toast on failure (none on a 401: the session toast is shown). */
export async function downloadWithToast(
  url: string,
  fileName: string,
  failure: string,
  options?: { preferServerName?: boolean },
): Promise<boolean> {
  try {
    await downloadFile(url, fileName, options);
    return true;
  } catch (error) {
    if (error instanceof DownloadError && error.status === 401) return false;
    const detail = error instanceof DownloadError ? (error.serverMessage ?? error.message) : errorMessage(error);
    toast({ title: 'Erreur', description: `${failure} : ${detail}`, variant: 'destructive' });
    return false;
  }
}
