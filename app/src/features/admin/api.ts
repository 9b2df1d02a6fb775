import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStats,
  AdminUpdateUserBody,
  AdminUsers,
  ModerationAction,
  ReportedItem,
  SystemInfo,
} from '@common/schemas/admin';
import type { PublicUser } from '@common/schemas/auth';
import { api } from '@app/lib/api-client';

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  system: ['admin', 'system'] as const,
  reports: ['admin', 'reports'] as const,
};

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats, queryFn: () => api.get<AdminStats>('/api/admin/stats') });
}

export function useAdminUsers(q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.users(q, page),
    queryFn: () => api.get<AdminUsers>('/api/admin/users', { q: q || undefined, page, limit: 25 }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSystemInfo(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.system, queryFn: () => api.get<SystemInfo>('/api/admin/system'), enabled });
}

export function useReportedItems(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.reports,
    queryFn: () => api.get<{ items: ReportedItem[] }>('/api/admin/reports'),
    enabled,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminUpdateUserBody }) =>
      api.patch<PublicUser>(`/api/admin/users/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/admin/users/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // Their shared dreams left the feed.
      void queryClient.invalidateQueries({ queryKey: ['social'] });
    },
  });
}

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: 'dream' | 'comment'; id: number; action: ModerationAction }) =>
      api.post<{ message: string }>(`/api/admin/moderation/${v.kind}/${v.id}`, { action: v.action }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
      void queryClient.invalidateQueries({ queryKey: ['social'] });
    },
  });
}
