import { api } from '@/api/api';
import type {
  CommunityResponse,
  CreateCircleDto,
  JoinRequestResponse,
  MyCommunityResponse,
  PageResponse,
  PostListResponse,
  PostResponse,
  ProfileResponse,
} from '@/api/generated';
import { byPageIndex, type Paged } from '@/api/paging';
import { POST_LIST, postTagsOf } from '@/api/tags';

/**
 * Circles: the generated calls (getCommunity, getCommunityStatus, joinCommunity,
 * acceptInvitation, inviteToCommunity, approveJoinRequest, getCommunityNewPost) with this app's
 * tags, a multipart body for create-community/, and the circle lists as infinite queries (page
 * index from 0, the list ends at an empty page). Every write refreshes what the circle shows
 * (header counts, status, lists).
 */
const CIRCLE = 'Circle' as const;
const CIRCLE_LIST = { type: 'CircleList', id: 'LIST' } as const;

function createForm(dto: CreateCircleDto): FormData {
  const form = new FormData();
  form.append('title', dto.title);
  form.append('description', dto.description);
  form.append('image', dto.image, dto.image instanceof File ? dto.image.name : 'image.jpg');
  if (dto.background_image) {
    form.append('background_image', dto.background_image, dto.background_image instanceof File ? dto.background_image.name : 'background.png');
  }
  return form;
}

const withCircles = api.enhanceEndpoints({
  addTagTypes: ['CircleList'],
  endpoints: {
    getCommunity: { providesTags: (_result, _error, { id }) => [{ type: CIRCLE, id }] },
    getCommunityStatus: { providesTags: (_result, _error, { id }) => [{ type: CIRCLE, id }] },
    getCommunityNewPost: { providesTags: (_result, _error, { communityid }) => [{ type: CIRCLE, id: communityid }] },
    createCommunity: {
      query: ({ createCircleDto }) => ({ url: '/api/user/create-community/', method: 'POST', body: createForm(createCircleDto) }),
      invalidatesTags: (_result, error) => (error ? [] : [CIRCLE_LIST, 'Follow']),
    },
    joinCommunity: {
      invalidatesTags: (_result, error, { joinCircleDto }) => (error ? [] : [{ type: CIRCLE, id: joinCircleDto.community }, CIRCLE_LIST]),
    },
    acceptInvitation: {
      invalidatesTags: (result, error) => (error || !result ? [] : [{ type: CIRCLE, id: result.community }, CIRCLE_LIST, POST_LIST, 'Follow']),
    },
    inviteToCommunity: {
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: CIRCLE, id }]),
    },
    approveJoinRequest: {
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: CIRCLE, id }, CIRCLE_LIST]),
    },
  },
});

export const circlesApi = withCircles.injectEndpoints({
  endpoints: (build) => ({
    /** The circle's thread (members only), newest first. */
    circlePosts: build.infiniteQuery<PostResponse[], { id: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/communityposts/${queryArg.id}/`, params: { count: pageParam } }),
      transformResponse: (response: PostListResponse) => response.res,
      providesTags: (data: Paged<PostResponse>, _error, { id }) => [...postTagsOf(data?.pages.flat() ?? []), POST_LIST, { type: CIRCLE, id }],
    }),
    circleBooks: build.infiniteQuery<PageResponse[], { id: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/community/${queryArg.id}/monopages-with-files/`, params: { count: pageParam } }),
      providesTags: (_data, _error, { id }) => [{ type: CIRCLE, id }],
    }),
    circleMembers: build.infiniteQuery<ProfileResponse[], { id: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/community/${queryArg.id}/members/`, params: { count: pageParam } }),
      providesTags: (_data, _error, { id }) => [{ type: CIRCLE, id }],
    }),
    circleJoinRequests: build.infiniteQuery<JoinRequestResponse[], { id: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/community/${queryArg.id}/joinrequests-pending/`, params: { count: pageParam } }),
      providesTags: (_data, _error, { id }) => [{ type: CIRCLE, id }],
    }),
    /** The circles of a user (no token needed). */
    userCircles: build.infiniteQuery<CommunityResponse[], { userId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: `/api/user/user/${queryArg.userId}/communities/`, params: { count: pageParam } }),
      providesTags: [CIRCLE_LIST],
    }),
    /** The caller's circles with their unread flag. */
    myCircles: build.infiniteQuery<MyCommunityResponse[], void, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ pageParam }) => ({ url: '/api/user/mycommunities/', params: { count: pageParam } }),
      providesTags: [CIRCLE_LIST],
    }),
    /** One page of the invite dialog's user search (10 per page). */
    inviteSearch: build.query<ProfileResponse[], { q: string; count: number }>({
      query: ({ q, count }) => ({ url: '/api/user/profile/search', params: { q: q || undefined, count } }),
      keepUnusedDataFor: 0,
    }),
  }),
});
