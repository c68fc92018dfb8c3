export { attachmentName, blobOrErrorBody, saveFile } from './save-file';
