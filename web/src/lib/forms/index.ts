export { applyServerError } from './server-errors';
export { useZodForm } from './use-zod-form';
