import { describe, expectTypeOf, it } from 'vitest';
import type { Account, Credentials, RoleCode, TokenPair } from '@/lib/auth';
import type { MethodOf, PathParams, QueryParams, RequestBody, ResponseBody, Schema } from './types';

// Type-level checks (tsc -b and vitest both compile this file): the helpers read
// the generated OpenAPI types the way the app's calls expect.
describe('generated API types', () => {
  it('names component schemas', () => {
    expectTypeOf<Account>().toEqualTypeOf<Schema<'Account'>>();
    expectTypeOf<Account['company']>().toEqualTypeOf<Schema<'Company'> | null>();
    expectTypeOf<RoleCode>().toEqualTypeOf<'ROLE_USER' | 'ROLE_COMPANY'>();
    expectTypeOf<Account['cardNumber']>().toEqualTypeOf<string | null>();
  });

  it('reads request and answer bodies of a path', () => {
    expectTypeOf<RequestBody<'/api/authenticate', 'post'>>().toEqualTypeOf<Credentials>();
    expectTypeOf<ResponseBody<'/api/authenticate', 'post'>>().toEqualTypeOf<TokenPair>();
    expectTypeOf<ResponseBody<'/api/account', 'get'>>().toEqualTypeOf<Account>();
    expectTypeOf<ResponseBody<'/api/company/account/create', 'post'>>().toEqualTypeOf<Account>();
    expectTypeOf<ResponseBody<'/api/account', 'put', 400>>().toEqualTypeOf<Schema<'Error'>>();
    expectTypeOf<RequestBody<'/api/account', 'get'>>().toBeNever();
  });

  it('reads parameters and methods', () => {
    expectTypeOf<PathParams<'/api/account/check/email/{email}', 'get'>>().toEqualTypeOf<{ email: string }>();
    expectTypeOf<QueryParams<'/api/maps/geocode', 'get'>>().toHaveProperty('q');
    expectTypeOf<MethodOf<'/api/account'>>().toEqualTypeOf<'get' | 'put'>();
  });
});
