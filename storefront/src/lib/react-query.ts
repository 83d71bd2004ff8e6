import type { DefaultOptions, UseMutationOptions } from '@tanstack/react-query';
import { isRetryableError } from './api-error';

/**
 * Data-query defaults the specification sets: 3 retries 1 s apart, fresh for 60 s,
 * cached for 300 s, no refetch on focus or mount, refetch on reconnect; mutations retry once
 * after 1 s. Client errors (4xx) are final answers and are not retried.
 */
export const QUERY_RETRIES = 3;
export const MUTATION_RETRIES = 1;
export const RETRY_DELAY_MS = 1000;

export const queryConfig = {
  queries: {
    retry: (failureCount: number, error: unknown) => failureCount < QUERY_RETRIES && isRetryableError(error),
    retryDelay: RETRY_DELAY_MS,
    staleTime: 60_000,
    gcTime: 300_000,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: true,
  },
  mutations: {
    retry: (failureCount: number, error: unknown) => failureCount < MUTATION_RETRIES && isRetryableError(error),
    retryDelay: RETRY_DELAY_MS,
  },
} satisfies DefaultOptions;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyAsyncFn = (...args: any[]) => Promise<any>;

export type ApiFnReturnType<FnType extends AnyAsyncFn> = Awaited<ReturnType<FnType>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type QueryConfig<T extends (...args: any[]) => any> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

export type MutationConfig<MutationFnType extends AnyAsyncFn> = UseMutationOptions<
  ApiFnReturnType<MutationFnType>,
  Error,
  Parameters<MutationFnType>[0]
>;
