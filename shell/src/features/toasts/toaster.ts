// The toasts chunk (notistack): loaded when a toast is first needed, or with the workspace.
export { XaalisToaster } from '@xaalis/web-kit/src/toaster';
export { toast } from '@xaalis/web-kit/src/toast';
