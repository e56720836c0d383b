// Types derived from the contract's route table: what `call(routeName, …)` accepts and returns
// (DESIGN §1: "typed API client over the contract"). Nothing here is written by hand per route.
import type { RouteName, routes } from '@sextant/contract'
import type { z } from 'zod'

type Routes = typeof routes
type Route<N extends RouteName> = Routes[N]

type InputOf<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : undefined

/** Path parameters are required when the route has any; query is always optional; body when declared. */
export type CallOptions<N extends RouteName> = (InputOf<Route<N>, 'params'> extends undefined
  ? { params?: undefined }
  : { params: InputOf<Route<N>, 'params'> }) &
  (InputOf<Route<N>, 'query'> extends undefined
    ? { query?: undefined }
    : { query?: InputOf<Route<N>, 'query'> }) &
  (InputOf<Route<N>, 'body'> extends undefined
    ? { body?: undefined }
    : { body: InputOf<Route<N>, 'body'> }) & {
    signal?: AbortSignal
  }

type NeedsOptions<N extends RouteName> =
  InputOf<Route<N>, 'params'> extends undefined
    ? InputOf<Route<N>, 'body'> extends undefined
      ? false
      : true
    : true

export type CallArgs<N extends RouteName> =
  NeedsOptions<N> extends true ? [CallOptions<N>] : [CallOptions<N>?]

export type CallResult<N extends RouteName> = z.output<Route<N>['response']>

export type UploadQuery<N extends 'uploadSbom' | 'uploadManifests' | 'uploadSarif'> = InputOf<
  Route<N>,
  'query'
>

/** The routes that answer newline-delimited JSON (`stream: 'ndjson'`), for `client.stream`. */
export type StreamRouteName = {
  [N in RouteName]: Routes[N] extends { stream: 'ndjson' } ? N : never
}[RouteName]
