export { api } from './api';
export { API_BASE_URL } from './base-query';
export * from './errors';
export type * from './types';
