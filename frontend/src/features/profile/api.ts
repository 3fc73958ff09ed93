import { api } from '@/api/api';
import type { ProfileResponse } from '@/api/generated';
import { byPageIndex, itemTags } from '@/api/paging';

/** The user search's scroll list; the profile calls get their tags and multipart bodies in @/api/api. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Users by nickname; every user, newest first, for an empty query. */
    profileSearch: build.infiniteQuery<ProfileResponse[], { q: string }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: '/api/user/profile/search', params: { q: queryArg.q, count: pageParam } }),
      providesTags: (data) => [...itemTags('Profile', data), 'Profile'],
    }),
  }),
});
