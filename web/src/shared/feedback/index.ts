export { toast, bindToast, TOAST_SECONDS, type ToastSink } from './toast';
