import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { UI } from '@common/limits';
import type { CheckAdmin, LoginBody, PublicUser, RegisterBody } from '@common/schemas/auth';
import { ApiError, api } from '@app/lib/api-client';

export const authKeys = {
  me: ['auth', 'me'] as const,
  checkAdmin: ['auth', 'check-admin'] as const,
};

/** 401 means signed out (null, not an error); another failure tries the fallback endpoint. */
export async function fetchCurrentUser(): Promise<PublicUser | null> {
  try {
    return await api.get<PublicUser>('/api/auth/user');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    try {
      return await api.get<PublicUser>('/api/user');
    } catch (fallbackErr) {
      if (fallbackErr instanceof ApiError && fallbackErr.status === 401) return null;
      throw new Error(
        fallbackErr instanceof ApiError
          ? (fallbackErr.serverMessage ?? 'Failed to fetch user data')
          : 'Failed to fetch user data',
      );
    }
  }
}

const currentUserQuery = {
  queryKey: authKeys.me,
  queryFn: fetchCurrentUser,
  staleTime: UI.currentUserStaleMs,
};

export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, refetchOnWindowFocus: true });
}

/** Starts loading the signed-in user before any page has rendered (the app's start-up, providers.tsx). */
export function prefetchCurrentUser(client: QueryClient): void {
  void client.prefetchQuery(currentUserQuery);
}

/** Try the canonical endpoint; an older server that lacks it (404) gets the fallback path. */
async function postWithFallback<T>(path: string, fallback: string, body?: unknown): Promise<T> {
  try {
    return await api.post<T>(path, body);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return api.post<T>(fallback, body);
    throw err;
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => postWithFallback<PublicUser>('/api/auth/login', '/api/login', body),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: authKeys.checkAdmin });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => postWithFallback<PublicUser>('/api/auth/register', '/api/register', body),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me, user);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postWithFallback<{ message: string }>('/api/auth/logout', '/api/logout'),
    onSuccess: () => {
      // Nothing of the previous user may linger in the cache.
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, null);
    },
  });
}

export function useCheckAdmin(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.checkAdmin,
    queryFn: () => api.get<CheckAdmin>('/api/auth/check-admin'),
    enabled,
    retry: false,
  });
}

/** "Login failed with status {n}" when the server's answer carries no message. */
export function authFailureMessage(err: unknown, prefix: 'Login' | 'Registration'): string {
  if (err instanceof ApiError) return err.serverMessage ?? `${prefix} failed with status ${err.status}`;
  return err instanceof Error ? err.message : `${prefix} failed`;
}
