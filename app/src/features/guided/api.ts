import { useMutation, useQuery } from '@tanstack/react-query';
import type { GuidedType } from '@common/guided';
import type { GuidedContent, PersonalizedContent, PersonalizedRequestInput } from '@common/schemas/guided';
import { api } from '@app/lib/api-client';

export const guidedKeys = {
  all: ['guided-library'] as const,
  list: (type: GuidedType | 'all') => ['guided-library', type] as const,
};

/** The library, or the items of one type (GET /api/guided-library and /api/guided-library/type/{type}). */
export function useGuidedLibrary(type: GuidedType | 'all') {
  return useQuery({
    queryKey: guidedKeys.list(type),
    queryFn: ({ signal }) =>
      api.get<GuidedContent[]>(
        type === 'all' ? '/api/guided-library' : `/api/guided-library/type/${type}`,
        undefined,
        signal,
      ),
  });
}

export function usePersonalizedContent() {
  return useMutation({
    mutationFn: (request: PersonalizedRequestInput) =>
      api.post<PersonalizedContent>('/api/guided-library/personalized', request),
  });
}
