// The download helpers are web-kit's (shared with mfe-hr's payslip PDF); re-exported for this remote's features.
export { DownloadError, downloadFile, downloadWithToast, fileNameFromDisposition, saveBlob } from '@xaalis/web-kit';
