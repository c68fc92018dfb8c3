export type RoleCode = 'ROLE_COMPANY' | 'ROLE_USER';

export interface Authority {
  code: string;
}

/** GET /api/account (account-api.md). */
export interface Account {
  id: number;
  login: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  authorities: Authority[];
  company: { id: number; name: string; carrierId: number | null } | null;
  cardNumber: string | null;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}
