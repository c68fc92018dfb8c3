import type { Schema } from '@/lib/api/types';

/** Account types come from the OpenAPI document (src/lib/api/schema.d.ts, `npm run gen:api`). */

/** GET /api/account: the signed-in user. */
export type Account = Schema<'Account'>;
export type Authority = Schema<'Authority'>;
export type RoleCode = Authority['code'];
export type Company = Schema<'Company'>;

/** POST /api/authenticate body. */
export type Credentials = Schema<'Credentials'>;
/** Answer of POST /api/authenticate and /api/refreshToken. */
export type TokenPair = Schema<'Tokens'>;
/** PUT /api/account body. */
export type AccountUpdate = Schema<'AccountUpdate'>;
/** POST /api/account/change-password body. */
export type PasswordChange = Schema<'ChangePassword'>;
/** GET /api/account/permissions: the member's role and the actions the server lets it do. */
export type Permissions = Schema<'Permissions'>;
export type MemberRole = Permissions['role'];
