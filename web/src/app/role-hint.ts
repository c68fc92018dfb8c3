import type { RoleCode } from '@/lib/auth/types';

/**
 * What a stored access token's claims tell of the member (http/token.go: role, mrole, gid, card),
 * read as public/boot.js reads them: only a guess of which page code and data to load early (the
 * account and permissions the app then loads decide what shows).
 * - everything: an owner of the whole company (permissions.go: owners have every office action);
 * - asked: any other office member, whose calls wait for the permissions' answer (the server's one table);
 * - driver: a driver with a card, approved: a driver's own calls;
 * - none: a driver without a card (waiting for approval, or declined), whose calls but the account's are refused.
 */
export type AccessHint = 'everything' | 'asked' | 'driver' | 'none';

export interface SessionHint {
  role: RoleCode;
  access: AccessHint;
}

interface Claims {
  role?: unknown;
  mrole?: unknown;
  gid?: unknown;
  card?: unknown;
}

/** The session's hint; a driver's, with nothing to ask for early, when the token is unreadable. */
export function sessionHint(token: string): SessionHint {
  let claims: Claims = {};
  try {
    const payload = token.split('.')[1] ?? '';
    claims = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Claims | null) ?? {};
  } catch {
    /* unreadable */
  }
  if (claims.role === 'ROLE_COMPANY') return { role: 'ROLE_COMPANY', access: claims.mrole === 'owner' && !claims.gid ? 'everything' : 'asked' };
  return { role: 'ROLE_USER', access: claims.card ? 'driver' : 'none' };
}

/** The role claim of a stored access token (sessionHint): which dashboard's code to load early. */
export function roleHint(token: string): RoleCode {
  return sessionHint(token).role;
}
