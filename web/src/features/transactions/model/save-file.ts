export { saveFile } from '@/lib/files';
