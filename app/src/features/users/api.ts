import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@common/schemas/auth';
import type { AvatarFields, ProfileBody } from '@common/schemas/users';
import { authKeys } from '@app/features/auth/api';
import { api } from '@app/lib/api-client';

/** After a change the current user is refreshed (spec §7: GET /api/auth/me is refetched). */
function useRefreshUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    queryClient.setQueryData(authKeys.me, user);
    void queryClient.invalidateQueries({ queryKey: authKeys.me });
  };
}

export function useUpdateProfile() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.patch<PublicUser>('/api/users/profile', body),
    onSuccess: refresh,
  });
}

export function useUpdateAvatar() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (body: AvatarFields & { useDefaultAvatar: boolean }) =>
      api.patch<PublicUser>('/api/users/avatar', body),
    onSuccess: refresh,
  });
}
