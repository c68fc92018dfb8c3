/**
 * Type helpers over `schema.d.ts`, which `npm run gen:api` generates from the
 * server's OpenAPI document (http/openapi.json, served at /api/openapi.json).
 * Never hand-write the shape of a request or an answer: name it from here.
 *
 *   type Account = Schema<'Account'>;                        // a named component schema
 *   type Stations = ResponseBody<'/api/locations', 'get'>;   // the 200/201 answer of a call
 *   type Update = RequestBody<'/api/account', 'put'>;        // the JSON body a call sends
 *   type Search = QueryParams<'/api/locations', 'get'>;      // its query string
 *
 * Paths are the document's keys (with the `/api` prefix); RTK Query urls drop it
 * (`url: '/account'`), since the base query adds it.
 */
import type { components, paths } from './schema';

/** Every named schema of the document (`components.schemas`). */
export type SchemaName = keyof components['schemas'];

/** A named component schema: `Schema<'Account'>`. */
export type Schema<Name extends SchemaName> = components['schemas'][Name];

/** Every path of the document, e.g. `'/api/account'`. */
export type ApiPath = keyof paths;

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The methods a path has in the document. */
export type MethodOf<P extends ApiPath> = {
  [M in HttpMethod & keyof paths[P]]: paths[P][M] extends never | undefined ? never : M;
}[HttpMethod & keyof paths[P]];

/** One operation: `Operation<'/api/account', 'put'>`. */
export type Operation<P extends ApiPath, M extends MethodOf<P>> = OperationOf<P, M>;

// Internal helpers take any method, so that the public ones can pass theirs on.
type OperationOf<P extends ApiPath, M> = M extends keyof paths[P] ? NonNullable<paths[P][M]> : never;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body the call sends (`never` when it sends none). */
export type RequestBody<P extends ApiPath, M extends MethodOf<P>> =
  OperationOf<P, M> extends { requestBody?: infer Body } ? JsonContent<NonNullable<Body>> : never;

/** Success statuses the helpers look at. */
export type SuccessStatus = 200 | 201;

/**
 * The JSON answer of the call for the given status, by default its success answer
 * (200 or 201). An `Empty` answer (`{}`) is `Record<string, never>`.
 */
export type ResponseBody<P extends ApiPath, M extends MethodOf<P>, Status extends number = SuccessStatus> =
  OperationOf<P, M> extends { responses: infer Answers } ? JsonContent<Answers[Status & keyof Answers]> : never;

type ParametersOf<P extends ApiPath, M, In extends 'path' | 'query'> =
  OperationOf<P, M> extends { parameters: infer Params } ? (In extends keyof Params ? NonNullable<Params[In]> : never) : never;

/** The path parameters of the call, e.g. `{ email: string }`. */
export type PathParams<P extends ApiPath, M extends MethodOf<P>> = ParametersOf<P, M, 'path'>;

/** The query parameters of the call. */
export type QueryParams<P extends ApiPath, M extends MethodOf<P>> = ParametersOf<P, M, 'query'>;
