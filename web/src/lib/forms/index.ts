export * from './limits';
export * from './rules';
export { applyServerError } from './server-errors';
export { useZodForm } from './use-zod-form';
export { SERVER_CHECK_DEBOUNCE_MS, useServerCheck, type ServerCheck, type ServerCheckResult, type ServerCheckStatus } from './use-server-check';
