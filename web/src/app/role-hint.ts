import type { RoleCode } from '@/lib/auth/types';

/**
 * The role claim of a stored access token: only a guess of which page code and data to load
 * early (the account the app then loads decides what shows), ROLE_USER when unreadable.
 */
export function roleHint(token: string): RoleCode {
  try {
    const payload = token.split('.')[1] ?? '';
    const role: unknown = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown }).role;
    return role === 'ROLE_COMPANY' ? 'ROLE_COMPANY' : 'ROLE_USER';
  } catch {
    return 'ROLE_USER';
  }
}
