import { api } from '@/api/api';
import type {
  CombinedSearchApiArg,
  CombinedSearchApiResponse,
  FollowCheckResponse,
  ListFollowersApiArg,
  ListFollowersApiResponse,
  ListFollowingApiArg,
  ListFollowingApiResponse,
  ListReceivedFollowRequestsApiArg,
  ListReceivedFollowRequestsApiResponse,
  ListSentFollowRequestsApiArg,
  ListSentFollowRequestsApiResponse,
} from '@/api/generated';
import { optimistically } from '@/api/optimistic';
import { byPageIndex } from '@/api/paging';
import { FOLLOWS, POST_LIST } from '@/api/tags';
import type { ListArg } from '@/api/types';

/** The follow status of the caller towards user `id`. */
const followTag = (id: number) => ({ type: 'Follow', id }) as const;

const isFollowCheck = (value: unknown): value is FollowCheckResponse =>
  typeof value === 'object' && value !== null && 'following' in value && 'approved' in value;

/**
 * Follows between users: the generated calls (followCheck, getFollowCounts, postApproval,
 * deleteFollowRequest) with this app's tags and optimistic updates (a follow shows at once and
 * is undone if the server refuses, see @/api/optimistic), and the people lists as infinite
 * queries. Following changes the home feed too, so the post lists are refreshed with it.
 */
const withFollows = api.enhanceEndpoints({
  endpoints: {
    followCheck: { providesTags: (_result, _error, { id }) => [followTag(id), FOLLOWS] },
    getFollowCounts: { providesTags: [FOLLOWS] },
    /**
     * A follow request (askFrom the caller) shows as following at once; an approval (askFrom the
     * requester, approved) changes the lists when the server agrees. Following changes the home
     * feed too.
     */
    postApproval: {
      invalidatesTags: (_result, error, { approvalDto }) => (error ? [] : approvalDto.approved ? [FOLLOWS] : [FOLLOWS, POST_LIST]),
      onQueryStarted: async ({ approvalDto }, lifecycle) => {
        if (approvalDto.approved) return;
        await optimistically(lifecycle, [followTag(approvalDto.askTo)], (data) => {
          if (isFollowCheck(data)) data.following = true;
        });
      },
    },
    deleteFollowRequest: {
      invalidatesTags: (_result, error) => (error ? [] : [FOLLOWS, POST_LIST]),
      onQueryStarted: async ({ deleteRequestDto }, lifecycle) => {
        await optimistically(lifecycle, [followTag(deleteRequestDto.askTo)], (data) => {
          if (!isFollowCheck(data)) return;
          data.following = false;
          data.approved = false;
        });
      },
    },
  },
});

export const followsApi = withFollows.injectEndpoints({
  endpoints: (build) => ({
    /** Users who follow `id` (approved). */
    followers: build.infiniteQuery<ListFollowersApiResponse, ListArg<ListFollowersApiArg>, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/followeduser/${queryArg.id}/`, params: { count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
    /** Users `id` follows (approved). */
    followedUsers: build.infiniteQuery<ListFollowingApiResponse, ListArg<ListFollowingApiArg>, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/followinguser/${queryArg.id}/`, params: { count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
    receivedRequests: build.infiniteQuery<ListReceivedFollowRequestsApiResponse, ListArg<ListReceivedFollowRequestsApiArg>, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/approval/Followeduser/${queryArg.id}/`, params: { count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
    sentRequests: build.infiniteQuery<ListSentFollowRequestsApiResponse, ListArg<ListSentFollowRequestsApiArg>, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/approval/Followinguser/${queryArg.id}/`, params: { count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
    /** Users and circles by name; everyone, newest first, for an empty query. */
    discover: build.infiniteQuery<CombinedSearchApiResponse, ListArg<CombinedSearchApiArg>, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: '/api/user/combinedsearch/', params: { q: queryArg.q || undefined, count: pageParam } }),
      providesTags: [FOLLOWS],
    }),
  }),
});
