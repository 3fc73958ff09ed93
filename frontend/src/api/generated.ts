import { baseApi as api } from './base-api';
export const addTagTypes = [
  'operations',
  'profiles',
  'accounts',
  'sign-in',
  'tags',
  'books',
  'follows',
  'posts',
  'circles',
  'notifications',
  'payments',
  'ads',
  'analytics',
  'help',
  'safety',
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      healthz: build.query<HealthzApiResponse, HealthzApiArg>({
        query: () => ({ url: `/healthz` }),
        providesTags: ['operations'],
      }),
      readyz: build.query<ReadyzApiResponse, ReadyzApiArg>({
        query: () => ({ url: `/readyz` }),
        providesTags: ['operations'],
      }),
      getMyProfile: build.query<GetMyProfileApiResponse, GetMyProfileApiArg>({
        query: () => ({ url: `/api/user/myprofile/` }),
        providesTags: ['profiles'],
      }),
      createProfile: build.mutation<CreateProfileApiResponse, CreateProfileApiArg>({
        query: (queryArg) => ({ url: `/api/user/profile/`, method: 'POST', body: queryArg.profileFieldsDto }),
        invalidatesTags: ['profiles'],
      }),
      listNewProfiles: build.query<ListNewProfilesApiResponse, ListNewProfilesApiArg>({
        query: () => ({ url: `/api/user/profile/newprofiles/` }),
        providesTags: ['profiles'],
      }),
      searchProfiles: build.query<SearchProfilesApiResponse, SearchProfilesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/profile/search`,
          params: {
            q: queryArg.q,
            count: queryArg.count,
          },
        }),
        providesTags: ['profiles'],
      }),
      getUserProfile: build.query<GetUserProfileApiResponse, GetUserProfileApiArg>({
        query: (queryArg) => ({
          url: `/api/user/profile/get-user-profile/`,
          params: {
            user_id: queryArg.userId,
          },
        }),
        providesTags: ['profiles'],
      }),
      getProfileDetail: build.query<GetProfileDetailApiResponse, GetProfileDetailApiArg>({
        query: (queryArg) => ({ url: `/api/user/profile/detail/${queryArg.id}` }),
        providesTags: ['profiles'],
      }),
      getProfile: build.query<GetProfileApiResponse, GetProfileApiArg>({
        query: (queryArg) => ({ url: `/api/user/profile/${queryArg.id}` }),
        providesTags: ['profiles'],
      }),
      updateProfile: build.mutation<UpdateProfileApiResponse, UpdateProfileApiArg>({
        query: (queryArg) => ({ url: `/api/user/profile/${queryArg.id}/`, method: 'PUT', body: queryArg.profileFieldsDto }),
        invalidatesTags: ['profiles'],
      }),
      register: build.mutation<RegisterApiResponse, RegisterApiArg>({
        query: (queryArg) => ({ url: `/api/user/register/`, method: 'POST', body: queryArg.registerDto }),
        invalidatesTags: ['accounts'],
      }),
      login: build.mutation<LoginApiResponse, LoginApiArg>({
        query: (queryArg) => ({ url: `/api/user/login/`, method: 'POST', body: queryArg.loginDto }),
        invalidatesTags: ['accounts'],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: () => ({ url: `/api/user/logout/`, method: 'POST' }),
        invalidatesTags: ['accounts'],
      }),
      getAccount: build.query<GetAccountApiResponse, GetAccountApiArg>({
        query: () => ({ url: `/api/user/account/` }),
        providesTags: ['accounts'],
      }),
      updateAccount: build.mutation<UpdateAccountApiResponse, UpdateAccountApiArg>({
        query: (queryArg) => ({ url: `/api/user/account/`, method: 'PATCH', body: queryArg.updateAccountDto }),
        invalidatesTags: ['accounts'],
      }),
      verifyEmail: build.mutation<VerifyEmailApiResponse, VerifyEmailApiArg>({
        query: (queryArg) => ({ url: `/api/user/verify/`, method: 'POST', body: queryArg.keyDto }),
        invalidatesTags: ['accounts'],
      }),
      forgotPassword: build.mutation<ForgotPasswordApiResponse, ForgotPasswordApiArg>({
        query: (queryArg) => ({ url: `/api/user/forgot-password/`, method: 'POST', body: queryArg.forgotPasswordDto }),
        invalidatesTags: ['accounts'],
      }),
      resendVerification: build.mutation<ResendVerificationApiResponse, ResendVerificationApiArg>({
        query: (queryArg) => ({ url: `/api/user/resend-verification/`, method: 'POST', body: queryArg.forgotPasswordDto }),
        invalidatesTags: ['accounts'],
      }),
      verifyForPasswordReset: build.mutation<VerifyForPasswordResetApiResponse, VerifyForPasswordResetApiArg>({
        query: (queryArg) => ({ url: `/api/user/verify-for-password-reset/`, method: 'POST', body: queryArg.keyDto }),
        invalidatesTags: ['accounts'],
      }),
      resetPassword: build.mutation<ResetPasswordApiResponse, ResetPasswordApiArg>({
        query: (queryArg) => ({ url: `/api/user/reset-password/`, method: 'POST', body: queryArg.resetPasswordDto }),
        invalidatesTags: ['accounts'],
      }),
      deleteProfile: build.mutation<DeleteProfileApiResponse, DeleteProfileApiArg>({
        query: () => ({ url: `/api/user/deleteprofile/`, method: 'POST' }),
        invalidatesTags: ['accounts', 'profiles'],
      }),
      signInProviders: build.query<SignInProvidersApiResponse, SignInProvidersApiArg>({
        query: () => ({ url: `/api/user/sign-in-providers/` }),
        providesTags: ['sign-in'],
      }),
      loginGoogle: build.mutation<LoginGoogleApiResponse, LoginGoogleApiArg>({
        query: (queryArg) => ({ url: `/api/user/loginGoogle/`, method: 'POST', body: queryArg.googleLoginDto }),
        invalidatesTags: ['sign-in'],
      }),
      lineLogin: build.query<LineLoginApiResponse, LineLoginApiArg>({
        query: (queryArg) => ({
          url: `/api/user/line-login/`,
          params: {
            community: queryArg.community,
            link: queryArg.link,
          },
        }),
        providesTags: ['sign-in'],
      }),
      yahooLogin: build.query<YahooLoginApiResponse, YahooLoginApiArg>({
        query: (queryArg) => ({
          url: `/api/user/yahoo-login/`,
          params: {
            community: queryArg.community,
            link: queryArg.link,
          },
        }),
        providesTags: ['sign-in'],
      }),
      lineCallback: build.query<LineCallbackApiResponse, LineCallbackApiArg>({
        query: (queryArg) => ({
          url: `/api/user/line-callback/`,
          params: {
            code: queryArg.code,
            state: queryArg.state,
          },
        }),
        providesTags: ['sign-in'],
      }),
      yahooCallback: build.query<YahooCallbackApiResponse, YahooCallbackApiArg>({
        query: (queryArg) => ({
          url: `/api/user/yahoo-callback/`,
          params: {
            code: queryArg.code,
            state: queryArg.state,
          },
        }),
        providesTags: ['sign-in'],
      }),
      exchangeSignInCode: build.mutation<ExchangeSignInCodeApiResponse, ExchangeSignInCodeApiArg>({
        query: (queryArg) => ({ url: `/api/user/sign-in/exchange/`, method: 'POST', body: queryArg.signInCodeDto }),
        invalidatesTags: ['sign-in'],
      }),
      signInMethods: build.query<SignInMethodsApiResponse, SignInMethodsApiArg>({
        query: () => ({ url: `/api/user/sign-in-methods/` }),
        providesTags: ['sign-in'],
      }),
      linkGoogle: build.mutation<LinkGoogleApiResponse, LinkGoogleApiArg>({
        query: (queryArg) => ({ url: `/api/user/sign-in-methods/google/`, method: 'POST', body: queryArg.googleLinkDto }),
        invalidatesTags: ['sign-in'],
      }),
      linkProviderStart: build.mutation<LinkProviderStartApiResponse, LinkProviderStartApiArg>({
        query: (queryArg) => ({ url: `/api/user/sign-in-methods/${queryArg.provider}/start/`, method: 'POST' }),
        invalidatesTags: ['sign-in'],
      }),
      unlinkProvider: build.mutation<UnlinkProviderApiResponse, UnlinkProviderApiArg>({
        query: (queryArg) => ({ url: `/api/user/sign-in-methods/${queryArg.provider}/`, method: 'DELETE' }),
        invalidatesTags: ['sign-in'],
      }),
      listAttributes: build.query<ListAttributesApiResponse, ListAttributesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/attributecc/`,
          params: {
            lan: queryArg.lan,
            count: queryArg.count,
          },
        }),
        providesTags: ['tags'],
      }),
      searchAttributes: build.query<SearchAttributesApiResponse, SearchAttributesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/pageattribute/search/`,
          params: {
            q: queryArg.q,
            lan: queryArg.lan,
            count: queryArg.count,
          },
        }),
        providesTags: ['tags'],
      }),
      listAttributesByLanguage: build.query<ListAttributesByLanguageApiResponse, ListAttributesByLanguageApiArg>({
        query: (queryArg) => ({ url: `/api/user/pageattribute/by-language/${queryArg.lan}/` }),
        providesTags: ['tags'],
      }),
      listAttributesOfPage: build.query<ListAttributesOfPageApiResponse, ListAttributesOfPageApiArg>({
        query: (queryArg) => ({ url: `/api/user/pageattribute/by-monopage/${queryArg.id}/` }),
        providesTags: ['tags'],
      }),
      getAttribute: build.query<GetAttributeApiResponse, GetAttributeApiArg>({
        query: (queryArg) => ({ url: `/api/user/pageattribute/${queryArg.id}/` }),
        providesTags: ['tags'],
      }),
      getPageInfo: build.query<GetPageInfoApiResponse, GetPageInfoApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopage/get-page-info/`,
          params: {
            pageId: queryArg.pageId,
          },
        }),
        providesTags: ['books'],
      }),
      getPagePreview: build.query<GetPagePreviewApiResponse, GetPagePreviewApiArg>({
        query: (queryArg) => ({ url: `/api/user/monopage/${queryArg.id}/preview/` }),
        providesTags: ['books'],
      }),
      makePagePublic: build.mutation<MakePagePublicApiResponse, MakePagePublicApiArg>({
        query: (queryArg) => ({ url: `/api/user/monopage/${queryArg.id}/make-public/`, method: 'POST' }),
        invalidatesTags: ['books'],
      }),
      searchPages: build.query<SearchPagesApiResponse, SearchPagesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopage/search-pages/`,
          params: {
            query: queryArg.query,
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      searchOwnedPages: build.query<SearchOwnedPagesApiResponse, SearchOwnedPagesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopage/search-owned-pages/`,
          params: {
            query: queryArg.query,
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      checkUserPageStatus: build.query<CheckUserPageStatusApiResponse, CheckUserPageStatusApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopage/check-user-page-status/`,
          params: {
            pageId: queryArg.pageId,
            userId: queryArg.userId,
          },
        }),
        providesTags: ['books'],
      }),
      takeOwningPage: build.mutation<TakeOwningPageApiResponse, TakeOwningPageApiArg>({
        query: (queryArg) => ({ url: `/api/user/owningpage/`, method: 'POST', body: queryArg.owningPageDto }),
        invalidatesTags: ['books'],
      }),
      listRelatedPages: build.query<ListRelatedPagesApiResponse, ListRelatedPagesApiArg>({
        query: (queryArg) => ({ url: `/api/user/relatedmonopage/${queryArg.id}/` }),
        providesTags: ['books'],
      }),
      listOwningAndRelatedPages: build.query<ListOwningAndRelatedPagesApiResponse, ListOwningAndRelatedPagesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/owning_and_related_pages/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      listPagesJa: build.query<ListPagesJaApiResponse, ListPagesJaApiArg>({
        query: (queryArg) => ({
          url: `/api/user/pageccja/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      listPagesEn: build.query<ListPagesEnApiResponse, ListPagesEnApiArg>({
        query: (queryArg) => ({
          url: `/api/user/pageccen/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      listNewPages: build.query<ListNewPagesApiResponse, ListNewPagesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/newpagecc/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      listOwningPages: build.query<ListOwningPagesApiResponse, ListOwningPagesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/owningpagecc/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      listPagesOfAttribute: build.query<ListPagesOfAttributeApiResponse, ListPagesOfAttributeApiArg>({
        query: (queryArg) => ({
          url: `/api/user/pageattribute/${queryArg.id}/monopages/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      listFollowingPages: build.query<ListFollowingPagesApiResponse, ListFollowingPagesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/followingpage/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      followPage: build.mutation<FollowPageApiResponse, FollowPageApiArg>({
        query: (queryArg) => ({ url: `/api/user/followingpage/`, method: 'POST', body: queryArg.pageIdDto }),
        invalidatesTags: ['books'],
      }),
      unfollowPage: build.mutation<UnfollowPageApiResponse, UnfollowPageApiArg>({
        query: (queryArg) => ({
          url: `/api/user/unfollow-page/`,
          method: 'DELETE',
          params: {
            pageId: queryArg.pageId,
          },
        }),
        invalidatesTags: ['books'],
      }),
      recordPageView: build.query<RecordPageViewApiResponse, RecordPageViewApiArg>({
        query: (queryArg) => ({ url: `/api/user/record_page_view/${queryArg.user}/${queryArg.page}/` }),
        providesTags: ['books'],
      }),
      listPagesWithFilesOfUser: build.query<ListPagesWithFilesOfUserApiResponse, ListPagesWithFilesOfUserApiArg>({
        query: (queryArg) => ({
          url: `/api/user/${queryArg.id}/monopages-with-files/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      uploadData: build.mutation<UploadDataApiResponse, UploadDataApiArg>({
        query: (queryArg) => ({ url: `/api/user/upload/`, method: 'POST', body: queryArg.uploadFieldsDto }),
        invalidatesTags: ['books'],
      }),
      listUploadedFiles: build.query<ListUploadedFilesApiResponse, ListUploadedFilesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/uploadedfiles/`,
          params: {
            user_id: queryArg.userId,
            count: queryArg.count,
          },
        }),
        providesTags: ['books'],
      }),
      downloadFile: build.mutation<DownloadFileApiResponse, DownloadFileApiArg>({
        query: (queryArg) => ({ url: `/api/user/download/`, method: 'POST', body: queryArg.fileIdDto }),
        invalidatesTags: ['books'],
      }),
      getFileUrl: build.mutation<GetFileUrlApiResponse, GetFileUrlApiArg>({
        query: (queryArg) => ({ url: `/api/user/get_s3_url/`, method: 'POST', body: queryArg.fileIdDto }),
        invalidatesTags: ['books'],
      }),
      postApproval: build.mutation<PostApprovalApiResponse, PostApprovalApiArg>({
        query: (queryArg) => ({ url: `/api/user/approval/`, method: 'POST', body: queryArg.approvalDto }),
        invalidatesTags: ['follows'],
      }),
      deleteFollowRequest: build.mutation<DeleteFollowRequestApiResponse, DeleteFollowRequestApiArg>({
        query: (queryArg) => ({ url: `/api/user/approval/delete_request/`, method: 'POST', body: queryArg.deleteRequestDto }),
        invalidatesTags: ['follows'],
      }),
      listSentFollowRequests: build.query<ListSentFollowRequestsApiResponse, ListSentFollowRequestsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/approval/Followinguser/${queryArg.id}/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['follows'],
      }),
      listReceivedFollowRequests: build.query<ListReceivedFollowRequestsApiResponse, ListReceivedFollowRequestsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/approval/Followeduser/${queryArg.id}/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['follows'],
      }),
      followCheck: build.query<FollowCheckApiResponse, FollowCheckApiArg>({
        query: (queryArg) => ({ url: `/api/user/approval/followcheck/${queryArg.id}/` }),
        providesTags: ['follows'],
      }),
      listFollowers: build.query<ListFollowersApiResponse, ListFollowersApiArg>({
        query: (queryArg) => ({
          url: `/api/user/followeduser/${queryArg.id}/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['follows'],
      }),
      listFollowing: build.query<ListFollowingApiResponse, ListFollowingApiArg>({
        query: (queryArg) => ({
          url: `/api/user/followinguser/${queryArg.id}/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['follows'],
      }),
      getFollowCounts: build.query<GetFollowCountsApiResponse, GetFollowCountsApiArg>({
        query: (queryArg) => ({ url: `/api/user/follower_following_counts/${queryArg.id}/` }),
        providesTags: ['follows'],
      }),
      listRecommendedProfiles: build.query<ListRecommendedProfilesApiResponse, ListRecommendedProfilesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/profilecc/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['follows'],
      }),
      combinedSearch: build.query<CombinedSearchApiResponse, CombinedSearchApiArg>({
        query: (queryArg) => ({
          url: `/api/user/combinedsearch/`,
          params: {
            q: queryArg.q,
            count: queryArg.count,
          },
        }),
        providesTags: ['follows'],
      }),
      postAccessLog: build.mutation<PostAccessLogApiResponse, PostAccessLogApiArg>({
        query: (queryArg) => ({ url: `/api/user/access-log/`, method: 'POST', body: queryArg.accessLogDto }),
        invalidatesTags: ['follows'],
      }),
      listPosts: build.query<ListPostsApiResponse, ListPostsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopost/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['posts'],
      }),
      createPost: build.mutation<CreatePostApiResponse, CreatePostApiArg>({
        query: (queryArg) => ({ url: `/api/user/monopost/`, method: 'POST', body: queryArg.createPostDto }),
        invalidatesTags: ['posts'],
      }),
      getPost: build.query<GetPostApiResponse, GetPostApiArg>({
        query: (queryArg) => ({ url: `/api/user/monopost/${queryArg.id}/` }),
        providesTags: ['posts'],
      }),
      updatePost: build.mutation<UpdatePostApiResponse, UpdatePostApiArg>({
        query: (queryArg) => ({ url: `/api/user/monopost/${queryArg.id}/`, method: 'PUT', body: queryArg.updatePostDto }),
        invalidatesTags: ['posts'],
      }),
      deletePost: build.mutation<DeletePostApiResponse, DeletePostApiArg>({
        query: (queryArg) => ({ url: `/api/user/monopost/${queryArg.id}/`, method: 'DELETE' }),
        invalidatesTags: ['posts'],
      }),
      deleteRepost: build.mutation<DeleteRepostApiResponse, DeleteRepostApiArg>({
        query: (queryArg) => ({ url: `/api/user/delete-repost/${queryArg.id}/delete_repost/`, method: 'DELETE' }),
        invalidatesTags: ['posts'],
      }),
      getPostInteractions: build.query<GetPostInteractionsApiResponse, GetPostInteractionsApiArg>({
        query: (queryArg) => ({ url: `/api/user/post-interactions/${queryArg.id}/` }),
        providesTags: ['posts'],
      }),
      createComment: build.mutation<CreateCommentApiResponse, CreateCommentApiArg>({
        query: (queryArg) => ({ url: `/api/user/monocomment/`, method: 'POST', body: queryArg.createCommentDto }),
        invalidatesTags: ['posts'],
      }),
      deleteComment: build.mutation<DeleteCommentApiResponse, DeleteCommentApiArg>({
        query: (queryArg) => ({ url: `/api/user/monocomment/${queryArg.id}/`, method: 'DELETE' }),
        invalidatesTags: ['posts'],
      }),
      listPostComments: build.query<ListPostCommentsApiResponse, ListPostCommentsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monocomment-nonlogin/post-comments/`,
          params: {
            post_id: queryArg.postId,
            count: queryArg.count,
          },
        }),
        providesTags: ['posts'],
      }),
      listHomePosts: build.query<ListHomePostsApiResponse, ListHomePostsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/postcc/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['posts'],
      }),
      listUserPosts: build.query<ListUserPostsApiResponse, ListUserPostsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/userpostcc/`,
          params: {
            user_id: queryArg.userId,
            count: queryArg.count,
          },
        }),
        providesTags: ['posts'],
      }),
      listBookPosts: build.query<ListBookPostsApiResponse, ListBookPostsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopostcc/`,
          params: {
            pageId: queryArg.pageId,
            count: queryArg.count,
          },
        }),
        providesTags: ['posts'],
      }),
      listLikedPosts: build.query<ListLikedPostsApiResponse, ListLikedPostsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/likedpostscc/likedposts/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['posts'],
      }),
      listCombined: build.query<ListCombinedApiResponse, ListCombinedApiArg>({
        query: (queryArg) => ({
          url: `/api/user/combinedlist/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['posts'],
      }),
      listCombinedLoggedIn: build.query<ListCombinedLoggedInApiResponse, ListCombinedLoggedInApiArg>({
        query: (queryArg) => ({
          url: `/api/user/loggedincombinedlist/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['posts'],
      }),
      getCommunity: build.query<GetCommunityApiResponse, GetCommunityApiArg>({
        query: (queryArg) => ({ url: `/api/user/community/${queryArg.id}/` }),
        providesTags: ['circles'],
      }),
      getCommunityStatus: build.query<GetCommunityStatusApiResponse, GetCommunityStatusApiArg>({
        query: (queryArg) => ({ url: `/api/user/community_status/${queryArg.id}/` }),
        providesTags: ['circles'],
      }),
      listCommunityBooks: build.query<ListCommunityBooksApiResponse, ListCommunityBooksApiArg>({
        query: (queryArg) => ({
          url: `/api/user/community/${queryArg.id}/monopages-with-files/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['circles'],
      }),
      listCommunityMembers: build.query<ListCommunityMembersApiResponse, ListCommunityMembersApiArg>({
        query: (queryArg) => ({
          url: `/api/user/community/${queryArg.id}/members/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['circles'],
      }),
      listPendingJoinRequests: build.query<ListPendingJoinRequestsApiResponse, ListPendingJoinRequestsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/community/${queryArg.id}/joinrequests-pending/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['circles'],
      }),
      listUserCommunities: build.query<ListUserCommunitiesApiResponse, ListUserCommunitiesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/user/${queryArg.id}/communities/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['circles'],
      }),
      listCommunityPosts: build.query<ListCommunityPostsApiResponse, ListCommunityPostsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/communityposts/${queryArg.id}/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['circles'],
      }),
      listMyCommunities: build.query<ListMyCommunitiesApiResponse, ListMyCommunitiesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/mycommunities/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['circles'],
      }),
      getCommunityNewPost: build.query<GetCommunityNewPostApiResponse, GetCommunityNewPostApiArg>({
        query: (queryArg) => ({
          url: `/api/user/community-new-post/`,
          params: {
            communityid: queryArg.communityid,
          },
        }),
        providesTags: ['circles'],
      }),
      createCommunity: build.mutation<CreateCommunityApiResponse, CreateCommunityApiArg>({
        query: (queryArg) => ({ url: `/api/user/create-community/`, method: 'POST', body: queryArg.createCircleDto }),
        invalidatesTags: ['circles'],
      }),
      joinCommunity: build.mutation<JoinCommunityApiResponse, JoinCommunityApiArg>({
        query: (queryArg) => ({ url: `/api/user/communityjoin/`, method: 'POST', body: queryArg.joinCircleDto }),
        invalidatesTags: ['circles'],
      }),
      acceptInvitation: build.mutation<AcceptInvitationApiResponse, AcceptInvitationApiArg>({
        query: (queryArg) => ({ url: `/api/user/invitation/${queryArg.id}/accept/`, method: 'POST' }),
        invalidatesTags: ['circles'],
      }),
      inviteToCommunity: build.mutation<InviteToCommunityApiResponse, InviteToCommunityApiArg>({
        query: (queryArg) => ({ url: `/api/user/community/${queryArg.id}/invite/`, method: 'POST', body: queryArg.inviteDto }),
        invalidatesTags: ['circles'],
      }),
      approveJoinRequest: build.mutation<ApproveJoinRequestApiResponse, ApproveJoinRequestApiArg>({
        query: (queryArg) => ({ url: `/api/user/community/${queryArg.id}/join-request/approve/${queryArg.userProfile}/`, method: 'POST' }),
        invalidatesTags: ['circles'],
      }),
      getUnreadNotifications: build.query<GetUnreadNotificationsApiResponse, GetUnreadNotificationsApiArg>({
        query: () => ({ url: `/api/user/notifications/unread/` }),
        providesTags: ['notifications'],
      }),
      listNotifications: build.query<ListNotificationsApiResponse, ListNotificationsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/notifications/all/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['notifications'],
      }),
      markAllNotificationsRead: build.mutation<MarkAllNotificationsReadApiResponse, MarkAllNotificationsReadApiArg>({
        query: () => ({ url: `/api/user/notifications/mark-all-read/`, method: 'POST' }),
        invalidatesTags: ['notifications'],
      }),
      createNotificationStreamTicket: build.mutation<CreateNotificationStreamTicketApiResponse, CreateNotificationStreamTicketApiArg>({
        query: () => ({ url: `/api/user/notifications/stream-ticket/`, method: 'POST' }),
        invalidatesTags: ['notifications'],
      }),
      streamNotifications: build.query<StreamNotificationsApiResponse, StreamNotificationsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/notifications/stream/`,
          params: {
            ticket: queryArg.ticket,
          },
        }),
        providesTags: ['notifications'],
      }),
      markNotification: build.mutation<MarkNotificationApiResponse, MarkNotificationApiArg>({
        query: (queryArg) => ({ url: `/api/user/notifications/${queryArg.id}/`, method: 'PATCH', body: queryArg.markNotificationDto }),
        invalidatesTags: ['notifications'],
      }),
      getNotificationSettings: build.query<GetNotificationSettingsApiResponse, GetNotificationSettingsApiArg>({
        query: () => ({ url: `/api/user/notification-settings/` }),
        providesTags: ['notifications'],
      }),
      putNotificationSettings: build.mutation<PutNotificationSettingsApiResponse, PutNotificationSettingsApiArg>({
        query: (queryArg) => ({ url: `/api/user/notification-settings/`, method: 'PUT', body: queryArg.notificationSettingsDto }),
        invalidatesTags: ['notifications'],
      }),
      getNotificationSettingsAlias: build.query<GetNotificationSettingsAliasApiResponse, GetNotificationSettingsAliasApiArg>({
        query: () => ({ url: `/api/user/notification-settings/update_notification_settings/` }),
        providesTags: ['notifications'],
      }),
      updateNotificationSettings: build.mutation<UpdateNotificationSettingsApiResponse, UpdateNotificationSettingsApiArg>({
        query: (queryArg) => ({ url: `/api/user/notification-settings/update_notification_settings/`, method: 'PUT', body: queryArg.notificationSettingsDto }),
        invalidatesTags: ['notifications'],
      }),
      paymentSettings: build.query<PaymentSettingsApiResponse, PaymentSettingsApiArg>({
        query: () => ({ url: `/api/user/payment-settings/` }),
        providesTags: ['payments'],
      }),
      createCheckoutSession: build.mutation<CreateCheckoutSessionApiResponse, CreateCheckoutSessionApiArg>({
        query: (queryArg) => ({ url: `/api/user/create-checkout-session/`, method: 'POST', body: queryArg.createCheckoutDto }),
        invalidatesTags: ['payments'],
      }),
      stripeWebhook: build.mutation<StripeWebhookApiResponse, StripeWebhookApiArg>({
        query: (queryArg) => ({
          url: `/api/user/stripe-webhook/`,
          method: 'POST',
          headers: {
            'stripe-signature': queryArg['stripe-signature'],
          },
        }),
        invalidatesTags: ['payments'],
      }),
      checkoutSessionStatus: build.mutation<CheckoutSessionStatusApiResponse, CheckoutSessionStatusApiArg>({
        query: (queryArg) => ({ url: `/api/user/checkout-session-status/`, method: 'POST', body: queryArg.checkoutStatusDto }),
        invalidatesTags: ['payments'],
      }),
      pendingCheckout: build.query<PendingCheckoutApiResponse, PendingCheckoutApiArg>({
        query: (queryArg) => ({
          url: `/api/user/pending-checkout/`,
          params: {
            pageId: queryArg.pageId,
          },
        }),
        providesTags: ['payments'],
      }),
      createConnectAccount: build.mutation<CreateConnectAccountApiResponse, CreateConnectAccountApiArg>({
        query: (queryArg) => ({ url: `/api/user/create-connect-account/`, method: 'POST', body: queryArg.connectAccountDto }),
        invalidatesTags: ['payments'],
      }),
      getMyStripeAccountId: build.query<GetMyStripeAccountIdApiResponse, GetMyStripeAccountIdApiArg>({
        query: () => ({ url: `/api/user/get-my-stripe-account-id/` }),
        providesTags: ['payments'],
      }),
      getLoginLink: build.query<GetLoginLinkApiResponse, GetLoginLinkApiArg>({
        query: (queryArg) => ({
          url: `/api/user/get-login-link/`,
          params: {
            shopId: queryArg.shopId,
          },
        }),
        providesTags: ['payments'],
      }),
      getEarnings: build.query<GetEarningsApiResponse, GetEarningsApiArg>({
        query: () => ({ url: `/api/user/earnings/` }),
        providesTags: ['payments'],
      }),
      adSettings: build.query<AdSettingsApiResponse, AdSettingsApiArg>({
        query: () => ({ url: `/api/user/advertisement-settings/` }),
        providesTags: ['ads'],
      }),
      createAdvertisement: build.mutation<CreateAdvertisementApiResponse, CreateAdvertisementApiArg>({
        query: (queryArg) => ({ url: `/api/user/advertisement/`, method: 'POST', body: queryArg.createAdDto }),
        invalidatesTags: ['ads'],
      }),
      postAdsStripe: build.mutation<PostAdsStripeApiResponse, PostAdsStripeApiArg>({
        query: (queryArg) => ({ url: `/api/user/post-ads-stripe/`, method: 'POST', body: queryArg.postAdsStripeDto }),
        invalidatesTags: ['ads'],
      }),
      allowAds: build.mutation<AllowAdsApiResponse, AllowAdsApiArg>({
        query: (queryArg) => ({ url: `/api/user/allowAds/`, method: 'POST', body: queryArg.adIdDto }),
        invalidatesTags: ['ads'],
      }),
      randomAdvertisements: build.query<RandomAdvertisementsApiResponse, RandomAdvertisementsApiArg>({
        query: () => ({ url: `/api/user/advertisements-random/` }),
        providesTags: ['ads'],
      }),
      advertisementsForMonopage: build.query<AdvertisementsForMonopageApiResponse, AdvertisementsForMonopageApiArg>({
        query: (queryArg) => ({ url: `/api/user/advertisements-for-monopage/${queryArg.id}/` }),
        providesTags: ['ads'],
      }),
      updateAds: build.mutation<UpdateAdsApiResponse, UpdateAdsApiArg>({
        query: (queryArg) => ({ url: `/api/user/updateAds/`, method: 'POST', body: queryArg.updateAdsDto }),
        invalidatesTags: ['ads'],
      }),
      myAdvertisements: build.query<MyAdvertisementsApiResponse, MyAdvertisementsApiArg>({
        query: () => ({ url: `/api/user/advertisements-mine/` }),
        providesTags: ['ads'],
      }),
      advertisementStats: build.query<AdvertisementStatsApiResponse, AdvertisementStatsApiArg>({
        query: (queryArg) => ({ url: `/api/user/advertisement/${queryArg.id}/` }),
        providesTags: ['ads'],
      }),
      analytics: build.query<AnalyticsApiResponse, AnalyticsApiArg>({
        query: () => ({ url: `/api/user/analytics/` }),
        providesTags: ['analytics'],
      }),
      helpVideos: build.query<HelpVideosApiResponse, HelpVideosApiArg>({
        query: () => ({ url: `/api/user/help-videos/` }),
        providesTags: ['help'],
      }),
      listBlocks: build.query<ListBlocksApiResponse, ListBlocksApiArg>({
        query: (queryArg) => ({
          url: `/api/user/blocks/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['safety'],
      }),
      blockUser: build.mutation<BlockUserApiResponse, BlockUserApiArg>({
        query: (queryArg) => ({ url: `/api/user/blocks/`, method: 'POST', body: queryArg.userTargetDto }),
        invalidatesTags: ['safety'],
      }),
      unblockUser: build.mutation<UnblockUserApiResponse, UnblockUserApiArg>({
        query: (queryArg) => ({ url: `/api/user/blocks/${queryArg.id}/`, method: 'DELETE' }),
        invalidatesTags: ['safety'],
      }),
      listMutes: build.query<ListMutesApiResponse, ListMutesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/mutes/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['safety'],
      }),
      muteUser: build.mutation<MuteUserApiResponse, MuteUserApiArg>({
        query: (queryArg) => ({ url: `/api/user/mutes/`, method: 'POST', body: queryArg.userTargetDto }),
        invalidatesTags: ['safety'],
      }),
      unmuteUser: build.mutation<UnmuteUserApiResponse, UnmuteUserApiArg>({
        query: (queryArg) => ({ url: `/api/user/mutes/${queryArg.id}/`, method: 'DELETE' }),
        invalidatesTags: ['safety'],
      }),
      createReport: build.mutation<CreateReportApiResponse, CreateReportApiArg>({
        query: (queryArg) => ({ url: `/api/user/reports/`, method: 'POST', body: queryArg.createReportDto }),
        invalidatesTags: ['safety'],
      }),
      listModerationReports: build.query<ListModerationReportsApiResponse, ListModerationReportsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/moderation/reports/`,
          params: {
            status: queryArg.status,
            count: queryArg.count,
          },
        }),
        providesTags: ['safety'],
      }),
      resolveReport: build.mutation<ResolveReportApiResponse, ResolveReportApiArg>({
        query: (queryArg) => ({ url: `/api/user/moderation/reports/${queryArg.id}/resolve/`, method: 'POST', body: queryArg.resolveReportDto }),
        invalidatesTags: ['safety'],
      }),
      restoreContent: build.mutation<RestoreContentApiResponse, RestoreContentApiArg>({
        query: (queryArg) => ({ url: `/api/user/moderation/restore/`, method: 'POST', body: queryArg.restoreDto }),
        invalidatesTags: ['safety'],
      }),
      unsuspendUser: build.mutation<UnsuspendUserApiResponse, UnsuspendUserApiArg>({
        query: (queryArg) => ({ url: `/api/user/moderation/users/${queryArg.id}/unsuspend/`, method: 'POST' }),
        invalidatesTags: ['safety'],
      }),
      listModerationAudit: build.query<ListModerationAuditApiResponse, ListModerationAuditApiArg>({
        query: (queryArg) => ({
          url: `/api/user/moderation/audit/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ['safety'],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as api };
export type HealthzApiResponse = /** status 200  */ {
  status?: string;
};
export type HealthzApiArg = void;
export type ReadyzApiResponse = /** status 200  */ {
  status?: string;
};
export type ReadyzApiArg = void;
export type GetMyProfileApiResponse = /** status 200  */ ProfileResponse;
export type GetMyProfileApiArg = void;
export type CreateProfileApiResponse = /** status 201  */ ProfileResponse;
export type CreateProfileApiArg = {
  profileFieldsDto: ProfileFieldsDto;
};
export type ListNewProfilesApiResponse = /** status 200  */ ProfileResponse[];
export type ListNewProfilesApiArg = void;
export type SearchProfilesApiResponse = /** status 200  */ ProfileResponse[];
export type SearchProfilesApiArg = {
  /** Words to find (Japanese or English); empty lists the newest. */
  q?: string;
  /** Page index from 0. */
  count?: number;
};
export type GetUserProfileApiResponse = /** status 200  */ ProfileResponse;
export type GetUserProfileApiArg = {
  userId: number;
};
export type GetProfileDetailApiResponse = /** status 200  */ ProfileResponse;
export type GetProfileDetailApiArg = {
  id: number;
};
export type GetProfileApiResponse = /** status 200  */ ProfileResponse;
export type GetProfileApiArg = {
  id: number;
};
export type UpdateProfileApiResponse = /** status 200  */ ProfileResponse;
export type UpdateProfileApiArg = {
  id: number;
  profileFieldsDto: ProfileFieldsDto;
};
export type RegisterApiResponse = /** status 201 Always the same answer, also for a taken address. */ DetailResponse;
export type RegisterApiArg = {
  registerDto: RegisterDto;
};
export type LoginApiResponse = /** status 200  */ LoginResponse;
export type LoginApiArg = {
  loginDto: LoginDto;
};
export type LogoutApiResponse = /** status 200  */ DetailResponse;
export type LogoutApiArg = void;
export type GetAccountApiResponse = /** status 200  */ AccountResponse;
export type GetAccountApiArg = void;
export type UpdateAccountApiResponse = /** status 200  */ AccountResponse;
export type UpdateAccountApiArg = {
  updateAccountDto: UpdateAccountDto;
};
export type VerifyEmailApiResponse = /** status 200  */ MessageResponse;
export type VerifyEmailApiArg = {
  keyDto: KeyDto;
};
export type ForgotPasswordApiResponse = /** status 200  */ DetailResponse;
export type ForgotPasswordApiArg = {
  forgotPasswordDto: ForgotPasswordDto;
};
export type ResendVerificationApiResponse = /** status 200 Always the same answer: a mail goes only to an account waiting to be confirmed. */ DetailResponse;
export type ResendVerificationApiArg = {
  forgotPasswordDto: ForgotPasswordDto;
};
export type VerifyForPasswordResetApiResponse = /** status 200  */ EmailResponse;
export type VerifyForPasswordResetApiArg = {
  keyDto: KeyDto;
};
export type ResetPasswordApiResponse = /** status 200  */ DetailResponse;
export type ResetPasswordApiArg = {
  resetPasswordDto: ResetPasswordDto;
};
export type DeleteProfileApiResponse = /** status 200  */ DeletionResponse;
export type DeleteProfileApiArg = void;
export type SignInProvidersApiResponse = /** status 200  */ SignInProvidersResponse;
export type SignInProvidersApiArg = void;
export type LoginGoogleApiResponse = /** status 200  */ LoginResponse;
export type LoginGoogleApiArg = {
  googleLoginDto: GoogleLoginDto;
};
export type LineLoginApiResponse = unknown;
export type LineLoginApiArg = {
  /** The circle the user was invited to; carried in `state` and handed back after the login. */
  community?: number;
  /** A ticket from `sign-in-methods/{provider}/start/`: link the provider to that account instead of signing in. */
  link?: string;
};
export type YahooLoginApiResponse = unknown;
export type YahooLoginApiArg = {
  /** The circle the user was invited to; carried in `state` and handed back after the login. */
  community?: number;
  /** A ticket from `sign-in-methods/{provider}/start/`: link the provider to that account instead of signing in. */
  link?: string;
};
export type LineCallbackApiResponse = unknown;
export type LineCallbackApiArg = {
  code?: string;
  state?: string;
};
export type YahooCallbackApiResponse = unknown;
export type YahooCallbackApiArg = {
  code?: string;
  state?: string;
};
export type ExchangeSignInCodeApiResponse = /** status 200  */ LoginResponse;
export type ExchangeSignInCodeApiArg = {
  signInCodeDto: SignInCodeDto;
};
export type SignInMethodsApiResponse = /** status 200  */ SignInMethodsResponse;
export type SignInMethodsApiArg = void;
export type LinkGoogleApiResponse = /** status 200  */ SignInMethodsResponse;
export type LinkGoogleApiArg = {
  googleLinkDto: GoogleLinkDto;
};
export type LinkProviderStartApiResponse = /** status 201  */ LinkStartResponse;
export type LinkProviderStartApiArg = {
  provider: 'line' | 'yahoo';
};
export type UnlinkProviderApiResponse = unknown;
export type UnlinkProviderApiArg = {
  provider: 'google' | 'line' | 'yahoo';
};
export type ListAttributesApiResponse = /** status 200  */ AttributeResponse[];
export type ListAttributesApiArg = {
  lan: 'ja' | 'en';
  /** Page index from 0. */
  count?: number;
};
export type SearchAttributesApiResponse = /** status 200  */ AttributeResponse[];
export type SearchAttributesApiArg = {
  q?: string;
  lan: 'ja' | 'en';
  /** Page index from 0. */
  count?: number;
};
export type ListAttributesByLanguageApiResponse = /** status 200  */ AttributeResponse[];
export type ListAttributesByLanguageApiArg = {
  lan: 'ja' | 'en';
};
export type ListAttributesOfPageApiResponse = /** status 200  */ AttributeResponse[];
export type ListAttributesOfPageApiArg = {
  id: number;
};
export type GetAttributeApiResponse = /** status 200  */ AttributeResponse;
export type GetAttributeApiArg = {
  id: number;
};
export type GetPageInfoApiResponse = /** status 200  */ PageResponse;
export type GetPageInfoApiArg = {
  pageId: number;
};
export type GetPagePreviewApiResponse = /** status 200  */ PagePreviewResponse;
export type GetPagePreviewApiArg = {
  id: number;
};
export type MakePagePublicApiResponse = /** status 200  */ PageResponse;
export type MakePagePublicApiArg = {
  id: number;
};
export type SearchPagesApiResponse = /** status 200  */ PageResponse[];
export type SearchPagesApiArg = {
  query?: string;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type SearchOwnedPagesApiResponse = /** status 200  */ PageResponse[];
export type SearchOwnedPagesApiArg = {
  query?: string;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type CheckUserPageStatusApiResponse = /** status 200  */ PageStatusResponse;
export type CheckUserPageStatusApiArg = {
  pageId: number;
  /** Must be the caller's own id when given. */
  userId?: number;
};
export type TakeOwningPageApiResponse = /** status 201  */ OwnedResponse;
export type TakeOwningPageApiArg = {
  owningPageDto: OwningPageDto;
};
export type ListRelatedPagesApiResponse = /** status 200  */ PageResponse[];
export type ListRelatedPagesApiArg = {
  id: number;
};
export type ListOwningAndRelatedPagesApiResponse = /** status 200  */ PageResponse[];
export type ListOwningAndRelatedPagesApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListPagesJaApiResponse = /** status 200  */ PageResponse[];
export type ListPagesJaApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListPagesEnApiResponse = /** status 200  */ PageResponse[];
export type ListPagesEnApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListNewPagesApiResponse = /** status 200  */ PageResponse[];
export type ListNewPagesApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListOwningPagesApiResponse = /** status 200  */ PageResponse[];
export type ListOwningPagesApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListPagesOfAttributeApiResponse = /** status 200  */ PageResponse[];
export type ListPagesOfAttributeApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListFollowingPagesApiResponse = /** status 200  */ PageResponse[];
export type ListFollowingPagesApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type FollowPageApiResponse = /** status 201  */ PageFollowResponse;
export type FollowPageApiArg = {
  pageIdDto: PageIdDto;
};
export type UnfollowPageApiResponse = unknown;
export type UnfollowPageApiArg = {
  pageId: number;
};
export type RecordPageViewApiResponse = /** status 200  */ DetailResponse;
export type RecordPageViewApiArg = {
  user: string;
  page: number;
};
export type ListPagesWithFilesOfUserApiResponse = /** status 200  */ PageResponse[];
export type ListPagesWithFilesOfUserApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type UploadDataApiResponse = /** status 201  */ UploadedFileResponse;
export type UploadDataApiArg = {
  uploadFieldsDto: UploadFieldsDto;
};
export type ListUploadedFilesApiResponse = /** status 200  */ UploadedFileResponse[];
export type ListUploadedFilesApiArg = {
  userId: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type DownloadFileApiResponse =
  /** status 200 The file as it was uploaded (a CSV keeps its own encoding: UTF-8, Shift_JIS…, so no charset is claimed); Content-Type names its type, Content-Disposition its name. */ Blob;
export type DownloadFileApiArg = {
  fileIdDto: FileIdDto;
};
export type GetFileUrlApiResponse = /** status 200  */ S3UrlResponse;
export type GetFileUrlApiArg = {
  fileIdDto: FileIdDto;
};
export type PostApprovalApiResponse = /** status 201  */ FollowRequestResponse;
export type PostApprovalApiArg = {
  approvalDto: ApprovalDto;
};
export type DeleteFollowRequestApiResponse = unknown;
export type DeleteFollowRequestApiArg = {
  deleteRequestDto: DeleteRequestDto;
};
export type ListSentFollowRequestsApiResponse = /** status 200  */ FollowRequestResponse[];
export type ListSentFollowRequestsApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListReceivedFollowRequestsApiResponse = /** status 200  */ FollowRequestResponse[];
export type ListReceivedFollowRequestsApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type FollowCheckApiResponse = /** status 200  */ FollowCheckResponse;
export type FollowCheckApiArg = {
  id: number;
};
export type ListFollowersApiResponse = /** status 200  */ ProfileResponse[];
export type ListFollowersApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListFollowingApiResponse = /** status 200  */ ProfileResponse[];
export type ListFollowingApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type GetFollowCountsApiResponse = /** status 200  */ FollowCountsResponse;
export type GetFollowCountsApiArg = {
  id: number;
};
export type ListRecommendedProfilesApiResponse = /** status 200  */ ProfileResponse[];
export type ListRecommendedProfilesApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type CombinedSearchApiResponse = /** status 200  */ CombinedSearchItem[];
export type CombinedSearchApiArg = {
  q?: string;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type PostAccessLogApiResponse = /** status 201  */ DetailResponse;
export type PostAccessLogApiArg = {
  accessLogDto: AccessLogDto;
};
export type ListPostsApiResponse = /** status 200  */ PostResponse[];
export type ListPostsApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type CreatePostApiResponse = /** status 201  */ PostResponse;
export type CreatePostApiArg = {
  createPostDto: CreatePostDto;
};
export type GetPostApiResponse = /** status 200  */ PostResponse;
export type GetPostApiArg = {
  id: number;
};
export type UpdatePostApiResponse = /** status 200  */ PostResponse;
export type UpdatePostApiArg = {
  id: number;
  updatePostDto: UpdatePostDto;
};
export type DeletePostApiResponse = unknown;
export type DeletePostApiArg = {
  id: number;
};
export type DeleteRepostApiResponse = unknown;
export type DeleteRepostApiArg = {
  id: number;
};
export type GetPostInteractionsApiResponse = /** status 200  */ PostInteractionsResponse;
export type GetPostInteractionsApiArg = {
  id: number;
};
export type CreateCommentApiResponse = /** status 201  */ CommentResponse;
export type CreateCommentApiArg = {
  createCommentDto: CreateCommentDto;
};
export type DeleteCommentApiResponse = unknown;
export type DeleteCommentApiArg = {
  id: number;
};
export type ListPostCommentsApiResponse = /** status 200  */ CommentsResponse;
export type ListPostCommentsApiArg = {
  postId: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListHomePostsApiResponse = /** status 200  */ PostListResponse;
export type ListHomePostsApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListUserPostsApiResponse = /** status 200  */ PostListResponse;
export type ListUserPostsApiArg = {
  userId: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListBookPostsApiResponse = /** status 200  */ PostListResponse;
export type ListBookPostsApiArg = {
  pageId: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListLikedPostsApiResponse = /** status 200  */ PostListResponse;
export type ListLikedPostsApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListCombinedApiResponse = /** status 200  */ CombinedItem[];
export type ListCombinedApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListCombinedLoggedInApiResponse = /** status 200  */ CombinedItem[];
export type ListCombinedLoggedInApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type GetCommunityApiResponse = /** status 200  */ CommunityResponse;
export type GetCommunityApiArg = {
  id: number;
};
export type GetCommunityStatusApiResponse = /** status 200  */ CommunityStatusResponse;
export type GetCommunityStatusApiArg = {
  id: number;
};
export type ListCommunityBooksApiResponse = /** status 200  */ PageResponse[];
export type ListCommunityBooksApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListCommunityMembersApiResponse = /** status 200  */ ProfileResponse[];
export type ListCommunityMembersApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListPendingJoinRequestsApiResponse = /** status 200  */ JoinRequestResponse[];
export type ListPendingJoinRequestsApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListUserCommunitiesApiResponse = /** status 200  */ CommunityResponse[];
export type ListUserCommunitiesApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListCommunityPostsApiResponse = /** status 200  */ PostListResponse;
export type ListCommunityPostsApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListMyCommunitiesApiResponse = /** status 200  */ MyCommunityResponse[];
export type ListMyCommunitiesApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type GetCommunityNewPostApiResponse = /** status 200  */ NewPostFlagResponse;
export type GetCommunityNewPostApiArg = {
  communityid: number;
};
export type CreateCommunityApiResponse = /** status 201  */ CommunityResponse;
export type CreateCommunityApiArg = {
  createCircleDto: CreateCircleDto;
};
export type JoinCommunityApiResponse = /** status 201  */ JoinRequestResponse;
export type JoinCommunityApiArg = {
  joinCircleDto: JoinCircleDto;
};
export type AcceptInvitationApiResponse = /** status 200  */ InvitationResponse;
export type AcceptInvitationApiArg = {
  id: number;
};
export type InviteToCommunityApiResponse = /** status 201  */ InvitationResponse;
export type InviteToCommunityApiArg = {
  id: number;
  inviteDto: InviteDto;
};
export type ApproveJoinRequestApiResponse = /** status 200  */ JoinRequestResponse;
export type ApproveJoinRequestApiArg = {
  id: number;
  userProfile: number;
};
export type GetUnreadNotificationsApiResponse = /** status 200  */ UnreadNotificationsResponse;
export type GetUnreadNotificationsApiArg = void;
export type ListNotificationsApiResponse = /** status 200  */ NotificationResponse[];
export type ListNotificationsApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type MarkAllNotificationsReadApiResponse = /** status 200  */ MarkAllReadResponse;
export type MarkAllNotificationsReadApiArg = void;
export type CreateNotificationStreamTicketApiResponse = /** status 200  */ StreamTicketResponse;
export type CreateNotificationStreamTicketApiArg = void;
export type StreamNotificationsApiResponse = /** status 200 An event stream. */ string;
export type StreamNotificationsApiArg = {
  /** A single-use ticket from notifications/stream-ticket/. */
  ticket?: any;
};
export type MarkNotificationApiResponse = /** status 200  */ NotificationResponse;
export type MarkNotificationApiArg = {
  id: number;
  markNotificationDto: MarkNotificationDto;
};
export type GetNotificationSettingsApiResponse = /** status 200  */ NotificationSettingsResponse;
export type GetNotificationSettingsApiArg = void;
export type PutNotificationSettingsApiResponse = /** status 200  */ NotificationSettingsResponse;
export type PutNotificationSettingsApiArg = {
  notificationSettingsDto: NotificationSettingsDto;
};
export type GetNotificationSettingsAliasApiResponse = /** status 200  */ NotificationSettingsResponse;
export type GetNotificationSettingsAliasApiArg = void;
export type UpdateNotificationSettingsApiResponse = /** status 200  */ NotificationSettingsResponse;
export type UpdateNotificationSettingsApiArg = {
  notificationSettingsDto: NotificationSettingsDto;
};
export type PaymentSettingsApiResponse = /** status 200  */ PaymentSettingsResponse;
export type PaymentSettingsApiArg = void;
export type CreateCheckoutSessionApiResponse = /** status 201  */ GoToResponse;
export type CreateCheckoutSessionApiArg = {
  createCheckoutDto: CreateCheckoutDto;
};
export type StripeWebhookApiResponse = /** status 200  */ WebhookResponse;
export type StripeWebhookApiArg = {
  'stripe-signature': string;
};
export type CheckoutSessionStatusApiResponse = /** status 200  */ CheckoutStatusResponse;
export type CheckoutSessionStatusApiArg = {
  checkoutStatusDto: CheckoutStatusDto;
};
export type PendingCheckoutApiResponse = /** status 200  */ PendingCheckoutResponse;
export type PendingCheckoutApiArg = {
  pageId: number;
};
export type CreateConnectAccountApiResponse = /** status 201  */ UrlResponse;
export type CreateConnectAccountApiArg = {
  connectAccountDto: ConnectAccountDto;
};
export type GetMyStripeAccountIdApiResponse = /** status 200  */ ShopIdResponse;
export type GetMyStripeAccountIdApiArg = void;
export type GetLoginLinkApiResponse = /** status 200  */ UrlResponse;
export type GetLoginLinkApiArg = {
  shopId: string;
};
export type GetEarningsApiResponse = /** status 200  */ EarningsResponse;
export type GetEarningsApiArg = void;
export type AdSettingsApiResponse = /** status 200  */ AdSettingsResponse;
export type AdSettingsApiArg = void;
export type CreateAdvertisementApiResponse = /** status 201  */ AdStatsResponse;
export type CreateAdvertisementApiArg = {
  createAdDto: CreateAdDto;
};
export type PostAdsStripeApiResponse = /** status 201  */ GoToResponse;
export type PostAdsStripeApiArg = {
  postAdsStripeDto: PostAdsStripeDto;
};
export type AllowAdsApiResponse = /** status 200  */ AdStatsResponse;
export type AllowAdsApiArg = {
  adIdDto: AdIdDto;
};
export type RandomAdvertisementsApiResponse = /** status 200  */ ServedAdResponse[];
export type RandomAdvertisementsApiArg = void;
export type AdvertisementsForMonopageApiResponse = /** status 200  */ ServedAdResponse[];
export type AdvertisementsForMonopageApiArg = {
  id: number;
};
export type UpdateAdsApiResponse = /** status 200  */ UpdateAdsResponse;
export type UpdateAdsApiArg = {
  updateAdsDto: UpdateAdsDto;
};
export type MyAdvertisementsApiResponse = /** status 200  */ AdStatsResponse[];
export type MyAdvertisementsApiArg = void;
export type AdvertisementStatsApiResponse = /** status 200  */ AdStatsResponse;
export type AdvertisementStatsApiArg = {
  id: number;
};
export type AnalyticsApiResponse = /** status 200  */ AnalyticsResponse;
export type AnalyticsApiArg = void;
export type HelpVideosApiResponse = /** status 200  */ HelpVideosResponse;
export type HelpVideosApiArg = void;
export type ListBlocksApiResponse = /** status 200  */ UserRelationListResponse;
export type ListBlocksApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type BlockUserApiResponse = unknown;
export type BlockUserApiArg = {
  userTargetDto: UserTargetDto;
};
export type UnblockUserApiResponse = unknown;
export type UnblockUserApiArg = {
  id: number;
};
export type ListMutesApiResponse = /** status 200  */ UserRelationListResponse;
export type ListMutesApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type MuteUserApiResponse = unknown;
export type MuteUserApiArg = {
  userTargetDto: UserTargetDto;
};
export type UnmuteUserApiResponse = unknown;
export type UnmuteUserApiArg = {
  id: number;
};
export type CreateReportApiResponse = /** status 201  */ ReportCreatedResponse;
export type CreateReportApiArg = {
  createReportDto: CreateReportDto;
};
export type ListModerationReportsApiResponse = /** status 200  */ ReportListResponse;
export type ListModerationReportsApiArg = {
  status?: 'open' | 'resolved';
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ResolveReportApiResponse = unknown;
export type ResolveReportApiArg = {
  id: number;
  resolveReportDto: ResolveReportDto;
};
export type RestoreContentApiResponse = unknown;
export type RestoreContentApiArg = {
  restoreDto: RestoreDto;
};
export type UnsuspendUserApiResponse = unknown;
export type UnsuspendUserApiArg = {
  id: number;
};
export type ListModerationAuditApiResponse = /** status 200  */ AuditListResponse;
export type ListModerationAuditApiArg = {
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ErrorCode =
  | 'required'
  | 'blank'
  | 'nullValue'
  | 'invalidInput'
  | 'notAString'
  | 'invalidInt'
  | 'nullCharacter'
  | 'invalidEmail'
  | 'invalidDate'
  | 'invalidBool'
  | 'unexpectedField'
  | 'notFound'
  | 'permissionDenied'
  | 'notAuthenticated'
  | 'invalidToken'
  | 'inactiveUser'
  | 'invalidTokenHeader'
  | 'invalidTokenHeaderSpaces'
  | 'serverError'
  | 'streamsFull'
  | 'heldForReview'
  | 'hiddenWhileSuspended'
  | 'badRequest'
  | 'fileTooLarge'
  | 'unsupportedMediaType'
  | 'noFile'
  | 'emptyFile'
  | 'invalidImage'
  | 'loginFailed'
  | 'emailNotVerified'
  | 'invalidKey'
  | 'passwordsDiffer'
  | 'passwordMismatch'
  | 'agreeTerms'
  | 'passwordTooShort'
  | 'passwordNumeric'
  | 'passwordLikeEmail'
  | 'passwordCommon'
  | 'invalidLanguage'
  | 'ok'
  | 'verificationSent'
  | 'verificationResent'
  | 'alreadyVerified'
  | 'loggedOut'
  | 'resetMailSent'
  | 'passwordReset'
  | 'deletionRequested'
  | 'chooseNickname'
  | 'invalidSex'
  | 'unrealBirthday'
  | 'profileExists'
  | 'alreadyFollowed'
  | 'mustBuy'
  | 'buyToDownload'
  | 'ownedNow'
  | 'bookCreatorOnly'
  | 'viewRecorded'
  | 'unsupportedFile'
  | 'fileExtensionMismatch'
  | 'invalidPrice'
  | 'profileRequired'
  | 'ownUserId'
  | 'linkExpired'
  | 'priceNeedsMydata'
  | 'expectedList'
  | 'circlePostNeedsCircles'
  | 'ratingNeedsReview'
  | 'onlyReviewRated'
  | 'followAsYourself'
  | 'approveOwnRequests'
  | 'invalidAccessLogType'
  | 'logged'
  | 'circlesNotAvailable'
  | 'alreadyReposted'
  | 'likeOnlyYourself'
  | 'authorOnly'
  | 'repostNotEditable'
  | 'cannotFollowSelf'
  | 'cannotBlockSelf'
  | 'blockedInteraction'
  | 'unknownReportTarget'
  | 'moderatorsOnly'
  | 'adminsOnly'
  | 'accountSuspended'
  | 'notCircleMember'
  | 'circleOwnerOnly'
  | 'alreadyCircleMember'
  | 'youAreCircleMember'
  | 'notYourInvitation'
  | 'circleCreated'
  | 'joinRequestApproved'
  | 'circlePostNotReposted'
  | 'paymentsOff'
  | 'freeBook'
  | 'ownBook'
  | 'alreadyOwned'
  | 'foreignSiteUrl'
  | 'badSignature'
  | 'notYourAccount'
  | 'payoutProfileRequired'
  | 'paymentProviderError'
  | 'paymentPending'
  | 'malformedEvent'
  | 'adProfileRequired'
  | 'adTags'
  | 'invalidUrl'
  | 'adAlreadyPaid'
  | 'adOwnerOnly'
  | 'googleEmailNotVerified'
  | 'invalidIdToken'
  | 'signInMethodTaken'
  | 'lastSignInMethod'
  | 'signInCodeInvalid'
  | 'signInOtherBrowser'
  | 'analyticsEnterpriseOnly'
  | 'maxLength'
  | 'minLength'
  | 'invalidChoice'
  | 'throttled'
  | 'jsonParse'
  | 'multipartParse'
  | 'surrogate'
  | 'tooDeep'
  | 'maxItems'
  | 'minValue'
  | 'maxValue'
  | 'multipleOf'
  | 'invalidPk'
  | 'uniqueSet'
  | 'methodNotAllowed'
  | 'streamsPerAccount'
  | 'uploadQuota';
export type ErrorParams = {
  n?: number;
  value?: string;
  seconds?: number;
  detail?: string;
  code?: string;
  levels?: number;
  pk?: string;
  fields?: string;
  method?: string;
  files?: number;
  megabytes?: number;
};
export type ErrorDetail = {
  /** The message in English (DRF's wording). */
  detail: string;
  code: ErrorCode;
  params?: ErrorParams;
};
export type ProfileResponse = {
  /** Profile id. */
  id: number;
  /** The owner's user id. */
  userProfile: number;
  /** "default" means not set yet. */
  nickName: string;
  caption: string;
  description: string;
  birth: string | null;
  birthday: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  birthDay: number | null;
  sex: '0' | '1' | '3' | '4';
  /** Absolute URL of the avatar. */
  img: string | null;
  /** Absolute URL of the background image. */
  imgBackground: string | null;
  created_on: string;
};
export type CodedMessage = {
  code: ErrorCode;
  params?: ErrorParams;
};
export type ErrorCodes = {
  [key: string]: CodedMessage[];
};
export type ValidationErrors = {
  error_codes: ErrorCodes;
  [key: string]: string[] | ErrorCodes;
};
export type ProfileFieldsDto = {
  /** Required when creating; "default" means unset and is refused. */
  nickName?: string;
  caption?: string;
  description?: string;
  /** Birthday, YYYY-MM-DD; an empty value clears it. */
  birth?: string;
  /** '0' no answer (also unset), '1' male, '3' female, '4' other. */
  sex?: '0' | '1' | '3' | '4';
  /** Avatar (JPEG, PNG, WebP or GIF; re-encoded as JPEG). */
  img?: Blob;
  /** Background image. */
  imgBackground?: Blob;
};
export type DetailResponse = {
  detail: string;
};
export type RegisterDto = {
  email: string;
  password1: string;
  password2: string;
  /** The terms and conditions were agreed to; must be true. */
  agreed: boolean;
  /** Language of the mail sent to this account. */
  language?: 'ja' | 'en';
};
export type LoginResponse = {
  /** Send as `Authorization: Token <token>`. */
  token: string;
  /** /account while the user has no profile yet. */
  redirect_url: '/home' | '/account';
  /** The language saved to the account: the UI switches to it after logging in. */
  language: 'ja' | 'en';
};
export type LoginDto = {
  email: string;
  password: string;
};
export type AccountResponse = {
  email: string;
  /** Language of the UI and of the mail sent to this account. */
  language: 'ja' | 'en';
};
export type UpdateAccountDto = {
  /** Language of the UI and of the mail sent to this account. */
  language?: 'ja' | 'en';
};
export type MessageResponse = {
  message: string;
};
export type KeyDto = {
  /** User id from the link. */
  id: number;
  /** Key from the link. */
  key: string;
};
export type ForgotPasswordDto = {
  email: string;
  /** Language of the mail, when the account has none yet. */
  language?: 'ja' | 'en';
};
export type EmailResponse = {
  email: string;
};
export type ResetPasswordDto = {
  /** User id from the link. */
  id: number;
  /** Key from the link. */
  key: string;
  /** E-mail shown by verify-for-password-reset; must match the link when sent. */
  email?: string;
  password: string;
  /** Repeat of the password; checked when sent. */
  password2?: string;
};
export type DeletionResponse = {
  detail: string;
  /** When the account is removed for good (the request plus ACCOUNT_DELETION_GRACE_DAYS); until then it is hidden and cannot log in. */
  deletes_at: string;
  /** Days between the request and the removal (ACCOUNT_DELETION_GRACE_DAYS). */
  grace_days: number;
};
export type SignInProvidersResponse = {
  /** Client id for Google Identity Services; null: no Google sign-in. */
  google_client_id: string | null;
  /** LINE Login is configured. */
  line: boolean;
  /** Yahoo! JAPAN ID is configured. */
  yahoo: boolean;
};
export type GoogleLoginDto = {
  /** The Google ID token (a JWT) from Google Identity Services. Required. */
  id_token?: string;
  /** Sent by the old client; ignored (the address comes from the ID token). */
  email?: string;
  /** Ignored. */
  given_name?: string;
  /** Ignored. */
  family_name?: string;
  /** Ignored. */
  name?: string;
  /** Ignored. */
  picture?: string;
  /** Ignored: LINE and Yahoo! JAPAN sign-ins finish on the server (their callbacks). */
  provider?: string;
  /** The circle the user was invited to (kept by the client through the login). */
  community?: number;
};
export type SignInCodeDto = {
  /** The `code` of `/login?code=…`: single use, valid 2 minutes. */
  code: string;
};
export type SignInMethod = {
  provider: 'google' | 'line' | 'yahoo';
  /** The address the provider gave, if any. */
  email: string | null;
  created_on: string;
};
export type SignInMethodsResponse = {
  /** The account has a password (e-mail sign-in). */
  password: boolean;
  methods: SignInMethod[];
  /** The providers this site offers. */
  available: SignInProvidersResponse;
};
export type GoogleLinkDto = {
  /** The Google ID token of the account to link. */
  id_token: string;
};
export type LinkStartResponse = {
  /** Open this URL in the browser to sign in at the provider and link it. */
  url: string;
};
export type AttributeResponse = {
  id: number;
  attributeName: string;
  language: 'ja' | 'en';
};
export type GenderCount = {
  male: number;
  female: number;
};
export type FileProfile = {
  /** Profile id (null while the contributor has no profile). */
  id: number | null;
  /** The contributor's user id. */
  userId: number;
  /** Avatar URL. */
  img: string | null;
  /** Nickname (null while the contributor has no profile). */
  nickName: string | null;
};
export type PageFile = {
  id: number;
  title: string;
  profile: FileProfile;
  /** Circle ids the file was posted to. */
  communities: number[];
  /** Titles of those circles. */
  communities_info: string[];
};
export type ColumnTopValue = {
  value: string;
  count: number;
};
export type ColumnProfileEntry = {
  /** The column name as written in the file. */
  name: string;
  /** The name explained in the reader's language (temp_max → 最高気温 for a Japanese reader), with its unit; absent when the name is already in that language or unknown. */
  label?: string;
  type: 'number' | 'date' | 'text' | 'boolean' | 'empty';
  /** What the column is for (codes and coordinates are never averaged). */
  role: 'identifier' | 'constant' | 'time' | 'entity' | 'category' | 'measure' | 'coordinate' | 'text' | 'empty';
  /** Unit read from the header or the values (%, 円, ppm …). */
  unit?: string;
  /** Share of rows where the column is empty, 0–1. */
  missing: number;
  /** Distinct values (a lower bound when distinctCapped). */
  distinct: number;
  distinctCapped?: boolean;
  min?: number;
  max?: number;
  mean?: number;
  /** First date of a date column, as written. */
  from?: string;
  /** Last date of a date column, as written. */
  to?: string;
  /** Up to 5 most frequent values (not for numbers). */
  top?: ColumnTopValue[];
  /** Histogram of a numeric column: row counts in equal bins from min to max. */
  bins?: number[];
};
export type ColumnProfileChart = {
  /** line: the measure over time; bars: by label. */
  kind: 'line' | 'bars';
  /** The headline measure (y axis). */
  measure: string;
  unit?: string;
  /** The x axis column (time or label). */
  x: string;
  /** Each point is the mean or the total of its rows. */
  aggregate: 'mean' | 'sum';
  labels: string[];
  values: number[];
};
export type BookColumnProfile = {
  /** The sheet the profile describes (the main table). */
  sheet: string;
  /** Data rows. */
  rows: number;
  /** Histograms come from a uniform sample of the rows. */
  sampled: boolean;
  columns: ColumnProfileEntry[];
  chart?: ColumnProfileChart;
};
export type PageResponse = {
  id: number;
  title: string;
  summary: string;
  /** Cover image URL. */
  img: string | null;
  created_on: string;
  /** Price in yen (0 = free). */
  page_price: 0 | 800 | 3000 | 9800 | 40000 | 250000;
  /** Average review rating in percent (0 without reviews). */
  rating: number;
  /** The viewer owns the Book (bought, contributed, or took it for free). */
  is_owned: boolean;
  goodpoint: string;
  /** Empty for viewers without access to a paid Book. */
  badpoint: string;
  point1: string;
  point2: string;
  point3: string;
  point4: string;
  point5: string;
  /** Empty for viewers without access to a paid Book. */
  answer: string;
  /** Posts about this Book. */
  post_count: number;
  /** Distinct viewers per day over the last 30 days. */
  monthly_views: number;
  /** Followers by sex. */
  gender_count: GenderCount;
  /** Up to 3 data files and their contributors. */
  files: PageFile[];
  language: 'ja' | 'en';
  /** The Book belongs to the circles its data was posted to: only their members (and its owners) read it, and it is listed nowhere public, until its creator makes it public (POST monopage/{id}/make-public/). */
  members_only: boolean;
  /** A moderator hid the Book (the reason, until a moderator restores it), or its creator's account is suspended ("Hidden while its account is suspended.", until an admin lifts the suspension): it answers 404 to everyone but its creator and is listed nowhere meanwhile. Null otherwise (a reader other than the creator never gets a hidden Book). */
  moderated_reason: string | null;
  /** monopage/get-page-info/ only: the viewer created this members-only Book and may make it public. */
  can_make_public?: boolean;
  /** Opaque ticket for POST owningpage/, present when the viewer may take the Book without paying (free Book or contributor). */
  encrypted_pageId?: string;
  /** monopage/get-page-info/ only: the column profile and chart of the main table (no raw rows); null for documents, photos and Books made before it. */
  column_profile?: BookColumnProfile | null;
  /** monopage/get-page-info/ only: the Book's tag names in the reader's language (for its schema.org keywords). */
  tags?: string[];
  /** monopage/get-page-info/ only: when the Book last changed (made, or a data file added); the sitemap's lastmod. */
  modified_on?: string;
  /** monopage/get-page-info/ only: the media types of the Book's files shown (text/csv …), never their addresses. */
  file_formats?: string[];
};
export type PagePreviewResponse = {
  /** The sheet shown (empty when the Book has no table). */
  sheet: string;
  columns: string[];
  /** Up to 20 first data rows. */
  rows: string[][];
};
export type PageStatusResponse = {
  is_followed: boolean;
  is_owned: boolean;
};
export type OwnedResponse = {
  detail: string;
  pageId: number;
};
export type OwningPageDto = {
  /** The `encrypted_pageId` from monopage/get-page-info/. */
  encrypted_pageId: string;
};
export type PageFollowResponse = {
  id: number;
  pageId: number;
  created_on: string;
};
export type PageIdDto = {
  pageId: number;
};
export type UploadedFileResponse = {
  id: number;
  title: string;
  description: string;
  /** Stored file name (whitespace replaced by `_`). */
  file: string;
  kind: 'jpeg' | 'csv' | 'xlsx' | 'xls' | 'docx' | 'doc';
  size: number;
  /** Book generation state. */
  status: 'pending' | 'processing' | 'done' | 'failed';
  /** Why the file could not become a Book (`status` failed): `unreadable` (damaged, or not what its type says), `too-large` (unpacks to more than the limits, or needs too much memory to read), `timeout` (reading it took too long), `interrupted` (processing stopped twice). Null otherwise. */
  failure: ('unreadable' | 'too-large' | 'timeout' | 'interrupted' | null) | null;
  /** The Book made from the file, once generated. */
  page: number | null;
  price: number;
  mydata: boolean;
  communities: number[];
  /** The uploader's user id. */
  user_id: number;
  created_on: string;
};
export type UploadFieldsDto = {
  title: string;
  description?: string;
  /** Must be the caller's own user id when sent. */
  user_id?: number;
  /** Yen; above 0 only in own-data mode (mydata=true). */
  price?: 0 | 800 | 3000 | 9800 | 40000 | 250000;
  /** The uploader owns the data and may sell it. */
  mydata?: boolean;
  /** Circle ids; repeat the field for several. */
  communities?: number[];
  /** JPEG, CSV, Excel (xlsx/xls) or Word (docx/doc), checked by content. */
  file: Blob;
};
export type FileIdDto = {
  file_id: number;
};
export type S3UrlResponse = {
  /** Direct download URL, valid for at most 5 minutes. */
  s3_url: string;
};
export type ProfileSummaryResponse = {
  /** Profile id. */
  id: number;
  /** The person's user id. */
  userId: number;
  nickName: string;
  /** Avatar URL. */
  img: string | null;
};
export type FollowRequestResponse = {
  id: number;
  /** User id of the requester. */
  askFrom: number;
  /** User id of the requested. */
  askTo: number;
  /** Approved by askTo. */
  approved: boolean;
  created_on: string;
  askFromProfile: ProfileSummaryResponse | null;
  askToProfile: ProfileSummaryResponse | null;
};
export type ApprovalDto = {
  /** User id: whom to follow, or (approving without askFrom) the requester. */
  askTo: number;
  /** User id of the requester (approving), or the caller (requesting). */
  askFrom?: number;
  /** true approves a request sent to the caller. */
  approved?: boolean;
};
export type DeleteRequestDto = {
  /** User id of the requester. */
  askFrom: number;
  /** User id of the requested. */
  askTo: number;
};
export type FollowCheckResponse = {
  /** The caller has asked to follow the user (shown as following), approved or not. */
  following: boolean;
  /** The request is approved. */
  approved: boolean;
};
export type FollowCountsResponse = {
  following_count: number;
  followed_count: number;
  /** Circles joined. */
  community_count: number;
};
export type CombinedSearchItem = {
  type: 'user' | 'community';
  /** Profile id, or circle id. */
  id: number;
  /** The user's id (null for a circle). */
  userProfile: number | null;
  /** Nickname, or circle title. */
  title: string;
  caption: string;
  img: string | null;
  created_on: string;
};
export type AccessLogDto = {
  type: 'profile' | 'page' | 'community';
  /** Profile id, with type profile. */
  profile_id?: number;
  /** Book id, with type page. */
  page_id?: number;
  /** Circle id, with type community. */
  community_id?: number;
};
export type PostResponse = {
  id: number;
  text: string;
  /** Image URL. */
  img: string | null;
  created_on: string;
  /** Review rating in percent. */
  rating: number | null;
  /** Id of the Book the post is about. */
  reviewTo: number | null;
  /** That Book. */
  reviewToPage: PageResponse | null;
  reposting: boolean;
  repostingFrom: number | null;
  /** User id of the reposted post's author. */
  repostingFromUser: number | null;
  repostingProfile: ProfileSummaryResponse | null;
  new_data_flag: boolean;
  purepost_flag: boolean;
  communitypost_flag: boolean;
  communities: number[];
  /** Titles of the circles (empty until circles exist). */
  communities_info: string[];
  /** The caller's own id when the caller likes the post, else empty (the count is likedTimes). */
  liked: number[];
  /** The author's user id. */
  userPost: number;
  userPostProfile: ProfileSummaryResponse | null;
  /** Title of the Book the post is about ("" otherwise). */
  title: string;
  commentedCounts: number;
  repostedTimes: number;
  likedTimes: number;
  is_liked: boolean;
  is_reposted: boolean;
  is_commented: boolean;
  /** Only ever set for its author: a moderator hid the post (the reason), or the spam brake holds it for the moderators (HELD_REASON); nobody else gets it meanwhile. Null otherwise. */
  moderated_reason: string | null;
};
export type CreatePostDto = {
  text?: string;
  /** Review rating in percent (reviews only). */
  rating?: number;
  /** Image (JPEG, PNG, WebP or GIF; cropped 2:1 by the client, re-encoded as JPEG). */
  img?: Blob;
  new_data_flag?: boolean;
  purepost_flag?: boolean;
  /** The Book reviewed or posted about. */
  reviewTo?: number;
  /** true for a repost of `repostingFrom`. */
  reposting?: boolean;
  /** The post reposted (a repost of a repost reposts the original). */
  repostingFrom?: number;
  /** Ignored: the server takes the reposted post's author. */
  repostingFromUser?: number;
  /** A circle post (needs communities; the caller must be a member of each). A post with communities is a circle post whatever this flag says. */
  communitypost_flag?: boolean;
  /** Circle ids (repeat the key in multipart). */
  communities?: number[];
};
export type UpdatePostDto = {
  text?: string;
  /** Review rating in percent (reviews only). */
  rating?: number;
  /** Image (JPEG, PNG, WebP or GIF; cropped 2:1 by the client, re-encoded as JPEG). */
  img?: Blob;
  new_data_flag?: boolean;
  purepost_flag?: boolean;
  /** The likers as the client sees them: the caller's own id to like, without it to unlike. Any other id is refused (403). Multipart: repeat the key; one empty value for an empty list. */
  liked?: number[];
};
export type PostInteractionsResponse = {
  is_liked: boolean;
  is_reposted: boolean;
  is_commented: boolean;
};
export type CommentResponse = {
  id: number;
  text: string;
  /** Post id. */
  post: number;
  /** The author's user id. */
  userComment: number;
  /** The author's user id (as the old API names it). */
  userProfile: number;
  profile: ProfileSummaryResponse | null;
  created_on: string;
};
export type CreateCommentDto = {
  text: string;
  /** The post commented on. */
  post: number;
};
export type CommentsResponse = {
  comments_with_profiles: CommentResponse[];
  /** Comments on the post. */
  totalCount: number;
};
export type RatingAggregate = {
  /** Sum of the ratings of the whole list (null without ratings). */
  rating__sum: number | null;
};
export type PostListResponse = {
  res: PostResponse[];
  /** Posts in the whole list. */
  totalCount: number;
  aggregate: RatingAggregate;
};
export type CombinedItem = {
  type: 'post' | 'page';
  post?: PostResponse;
  page?: PageResponse;
};
export type CommunityResponse = {
  id: number;
  title: string;
  description: string;
  /** Absolute URL of the icon. */
  image: string | null;
  /** Absolute URL of the cover image. */
  background_image: string | null;
  created_on: string;
  /** The same as created_on (the old server spelled it both ways). */
  createdon: string;
  item_type: string;
  /** The owner's user id. */
  owner: number;
  /** Books on the bookshelf (made from data files posted to the circle). */
  page_count: number;
  member_count: number;
  post_count: number;
  /** Join requests waiting for the owner. */
  joinrequest_count: number;
  /** A moderator hid the circle (the reason, until a moderator restores it), or its owner’s account is suspended (until an admin lifts the suspension): it answers 404 to everyone but its owner and leaves search meanwhile. Null otherwise. */
  moderated_reason: string | null;
};
export type CommunityStatusResponse = {
  /** The caller's relation to the circle (always none for a visitor). */
  status: 'none' | 'member' | 'join_request_pending' | 'invitation_pending';
  /** The pending invitation (status invitation_pending), to accept with invitation/{id}/accept/. */
  invitation_id: number | null;
};
export type JoinRequestResponse = {
  id: number;
  /** The circle. */
  community: number;
  /** The requester's user id (the path parameter of the approve call). */
  userProfile: number;
  approved: boolean;
  created_on: string;
  profile: ProfileSummaryResponse | null;
};
export type MyCommunityResponse = {
  id: number;
  title: string;
  description: string;
  /** Absolute URL of the icon. */
  image: string | null;
  /** Absolute URL of the cover image. */
  background_image: string | null;
  created_on: string;
  /** The same as created_on (the old server spelled it both ways). */
  createdon: string;
  item_type: string;
  /** The owner's user id. */
  owner: number;
  /** Books on the bookshelf (made from data files posted to the circle). */
  page_count: number;
  member_count: number;
  post_count: number;
  /** Join requests waiting for the owner. */
  joinrequest_count: number;
  /** A moderator hid the circle (the reason, until a moderator restores it), or its owner’s account is suspended (until an admin lifts the suspension): it answers 404 to everyone but its owner and leaves search meanwhile. Null otherwise. */
  moderated_reason: string | null;
  /** A post arrived since the caller last opened the thread. */
  newpost_flag: boolean;
};
export type NewPostFlagResponse = {
  /** A post arrived since the caller last opened the thread. */
  newpost_flag: boolean;
};
export type CreateCircleDto = {
  title: string;
  description: string;
  /** The circle icon (JPEG, PNG, WebP or GIF; the client sends a 400×400 JPEG). Required. */
  image: Blob;
  /** The cover image (the client picks one of its default backgrounds). */
  background_image?: Blob;
};
export type JoinCircleDto = {
  /** The circle to ask to join. */
  community: number;
};
export type InvitationResponse = {
  id: number;
  /** The circle. */
  community: number;
  /** The inviter's user id. */
  inviter: number;
  /** The invited user's id. */
  invited_user: number;
  accepted: boolean;
  created_on: string;
};
export type InviteDto = {
  /** User id of the person invited. */
  invited_user: number;
};
export type NotificationResponse = {
  id: number;
  type:
    | 'post_liked'
    | 'post_commented'
    | 'post_reposted'
    | 'user_followed'
    | 'data_generated'
    | 'book_posted'
    | 'data_book_followed'
    | 'data_book_owned'
    | 'followingpage_commented'
    | 'followinguser_book_generated'
    | 'community_invited'
    | 'community_joinrequest_approved'
    | 'report_hidden'
    | 'report_dismissed'
    | 'report_suspended';
  read: boolean;
  created_on: string;
  /** The post the act concerns (liked, commented, reposted, or a post about a Book). */
  post: number | null;
  /** The comment (post_commented). */
  comment: number | null;
  /** The Book (wire: page). */
  page: number | null;
  /** The circle (community types). */
  community: number | null;
  /** Who acted; null when their account is gone (NotificationEach13). */
  relatedUser: ProfileSummaryResponse | null;
  /** The comment's or post's text, or the Book's title; null when it is gone or the type has none. */
  preview: string | null;
  /** The post or Book it links to no longer exists (NotificationEach12). */
  target_gone: boolean;
};
export type UnreadNotificationsResponse = {
  total_unread_count: number;
  /** The newest unread notifications (at most 50). */
  notifications: NotificationResponse[];
};
export type MarkAllReadResponse = {
  /** How many notifications were marked read. */
  marked: number;
};
export type StreamTicketResponse = {
  /** Single use, valid 60 s: GET notifications/stream/?ticket=… */
  ticket: string;
  /** Seconds the ticket is valid. */
  expires_in: number;
};
export type MarkNotificationDto = {
  /** true marks it read, false unread. */
  read: boolean;
};
export type NotificationSettingsResponse = {
  post_liked: boolean;
  post_commented: boolean;
  post_reposted: boolean;
  user_followed: boolean;
  data_generated: boolean;
  book_posted: boolean;
  data_book_followed: boolean;
  data_book_owned: boolean;
  followingpage_commented: boolean;
  followinguser_book_generated: boolean;
  community_invited: boolean;
  community_joinrequest_approved: boolean;
  report_hidden: boolean;
  report_dismissed: boolean;
  report_suspended: boolean;
};
export type NotificationSettingsDto = {
  post_liked?: boolean;
  post_commented?: boolean;
  post_reposted?: boolean;
  user_followed?: boolean;
  data_generated?: boolean;
  book_posted?: boolean;
  data_book_followed?: boolean;
  data_book_owned?: boolean;
  followingpage_commented?: boolean;
  followinguser_book_generated?: boolean;
  community_invited?: boolean;
  community_joinrequest_approved?: boolean;
  report_hidden?: boolean;
  report_dismissed?: boolean;
  report_suspended?: boolean;
};
export type OperatorDetails = {
  name: string;
  address: string;
  phone: string;
  email: string;
};
export type PaymentSettingsResponse = {
  /** false: STRIPE_SECRET_KEY is not set; nothing can be bought or paid out. */
  enabled: boolean;
  platform_fee_percent: number;
  /** The seller, for the Specified Commercial Transactions Act notice (/Notations-SCTA). */
  operator: OperatorDetails;
};
export type GoToResponse = {
  /** The Stripe Checkout page to send the browser to. */
  goTo: string;
};
export type CreateCheckoutDto = {
  /** The site's own origin (PUBLIC_URL, or the origin the request came to); the success and cancel URLs are built on it. */
  SITE_URL: string;
  pageId: number;
};
export type WebhookResponse = {
  received: boolean;
};
export type CheckoutStatusResponse = {
  /** `pending`: a konbini voucher waits to be paid. `refunded`: paid for a Book the buyer already owned (another session was paid first): refunded in full. */
  status: 'open' | 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';
  pageId: number | null;
  /** When the konbini voucher expires (pending only). */
  voucher_expires_at: string | null;
  /** Stripe's page showing the konbini voucher. */
  voucher_url: string | null;
};
export type CheckoutStatusDto = {
  /** The `session_id` the success page was opened with. */
  session_id: string;
};
export type PendingCheckoutResponse = {
  /** true: the viewer's konbini voucher for this Book waits to be paid (a second checkout is refused until it is paid or expires). */
  pending: boolean;
  /** When the voucher expires. */
  voucher_expires_at: string | null;
  /** Stripe's page showing the konbini voucher. */
  voucher_url: string | null;
};
export type UrlResponse = {
  url: string;
};
export type ConnectAccountDto = {
  name: string;
  email: string;
};
export type ShopIdResponse = {
  /** The user's Stripe Connect account id (null: none yet). */
  shopId: string | null;
};
export type ConnectAccountState = {
  shopId: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
};
export type SaleItem = {
  /** The Checkout Session id. */
  id: string;
  pageId: number | null;
  title: string;
  /** Yen paid by the buyer. */
  gross: number;
  /** Stripe's fee (yen), taken from the platform's share. */
  stripe_fee: number;
  /** The platform's fee (yen): PLATFORM_FEE_PERCENT of the gross. */
  platform_fee: number;
  /** Yen for the data owner: gross less the platform fee. */
  net: number;
  /** false: the platform holds the money until payouts are set up. */
  transferred: boolean;
  paid_on: string;
};
export type MonthTotal = {
  /** Month in Japan time. */
  month: string;
  sales: number;
  gross: number;
  stripe_fee: number;
  platform_fee: number;
  net: number;
};
export type EarningsResponse = {
  /** Whether payments are on at all. */
  enabled: boolean;
  platform_fee_percent: number;
  account: ConnectAccountState | null;
  /** The newest 100 sales. */
  sales: SaleItem[];
  /** Totals per month, newest first (36 months). */
  months: MonthTotal[];
};
export type AdPrice = {
  type: 0 | 1;
  target: number;
  /** Yen. */
  price: number;
};
export type AdSettingsResponse = {
  /** Whether ads can be paid for on this site (payments configured). */
  enabled: boolean;
  prices: AdPrice[];
};
export type AdRefusals = {
  /** The same viewer clicked again within the hour. */
  repeat: number;
  /** A click without an unused offer served to that viewer. */
  no_offer: number;
  /** The viewer clicked too many ads within the hour. */
  rate_limit: number;
  /** A click on an ad that is not running (unpaid, stopped, used up or hidden by a moderator). */
  inactive: number;
};
export type AdViewRefusals = {
  /** Servings to a viewer who had been served the ad within the hour (not counted). */
  repeat: number;
};
export type AdStatsResponse = {
  id: number;
  type: 0 | 1;
  url: string;
  img: string | null;
  content: string;
  target: number;
  /** Views (type 0) or clicks (type 1) counted so far. */
  cnt: number;
  delete_flag: boolean;
  attributes: number[];
  is_affiliate: boolean;
  /** Sanitised HTML (links and images only). */
  affiliate_html: string;
  /** The advertiser's user id. */
  userProfile: number;
  created: string;
  /** Impressions counted: once per viewer (a visitor by address and user agent) per hour. */
  views: number;
  /** Clicks counted. */
  clicks: number;
  /** What is left before the ad retires (it retires at target - 1). */
  remaining: number;
  paid: boolean;
  /** Being served now: paid, not stopped, not used up, not hidden by a moderator. */
  active: boolean;
  /** A moderator hid the ad (the reason, until a moderator restores it), or its advertiser’s account is suspended (until an admin lifts the suspension): it is served to nobody and takes no click meanwhile. */
  moderated_reason: string | null;
  /** Price in yen. */
  price: number;
  /** Clicks not counted, by reason. */
  refused: AdRefusals;
  /** Servings not counted as views, by reason. */
  refused_views: AdViewRefusals;
};
export type CreateAdDto = {
  /** 0: billed per view, 1: billed per click. */
  type: 0 | 1;
  /** Views (type 0: 90000, 200000, 750000) or clicks (type 1: 3000, 10000, 25000) paid for. */
  target: 90000 | 200000 | 750000 | 3000 | 10000 | 25000;
  /** Where a click leads: an http or https URL. */
  url: string;
  /** The ad text. */
  content: string;
  /** Image (JPEG, PNG, WebP or GIF, checked by content; re-encoded as JPEG). */
  img: Blob;
  /** Exactly 3 tag ids (repeat the key). */
  attributes: number[];
  is_affiliate?: boolean;
  /** Affiliate HTML; kept as links and images only (sanitised on save). */
  affiliate_html?: string;
  /** Ignored (the old client sends it; the server counts). */
  updateCnt?: number;
  /** Ignored on creation. */
  updateDelFlag?: boolean;
};
export type PostAdsStripeDto = {
  /** The site's own origin; the success and cancel URLs are built on it. */
  SITE_URL: string;
  /** The id of your ad to pay for. */
  data: number;
};
export type AdIdDto = {
  adsId: number;
};
export type ServedAdResponse = {
  id: number;
  type: 0 | 1;
  url: string;
  img: string | null;
  content: string;
  target: number;
  /** Views (type 0) or clicks (type 1) counted so far. */
  cnt: number;
  delete_flag: boolean;
  attributes: number[];
  is_affiliate: boolean;
  /** Sanitised HTML (links and images only). */
  affiliate_html: string;
  /** The advertiser's user id. */
  userProfile: number;
  created: string;
  /** Single-use id of this serving: send it with a click to updateAds/. */
  offer: string;
};
export type UpdateAdsResponse = {
  /** Whether this call counted a click (or stopped the ad). */
  counted: boolean;
  /** Why a click was not counted. */
  reason: ('repeat' | 'no_offer' | 'rate_limit' | 'inactive' | null) | null;
  cnt: number;
  delete_flag: boolean;
};
export type UpdateAdsDto = {
  adsId: number;
  /** The count the old client believes in; the server counts at most one click, whatever it says. */
  updateCnt?: number;
  /** true stops the ad (its advertiser only). */
  updateDelFlag?: boolean;
  /** The single-use `offer` the ad was served with (a click without one is not counted). */
  offer?: string;
};
export type AnalyticsBook = {
  id: number;
  title: string;
};
export type AnalyticsViewDay = {
  /** 'YYYY-MM-DD' (the server's date). */
  day: string;
  /** Views of all the Books that day (a viewer counts once per Book and day). */
  views: number;
};
export type AnalyticsFollowers = {
  male: number;
  female: number;
  other: number;
  /** No answer, or the profile has no sex set. */
  unanswered: number;
};
export type AnalyticsPostMonth = {
  /** 'YYYY-MM' (UTC). */
  month: string;
  /** Public posts about the Books that month (reposts and circle posts not counted). */
  posts: number;
  /** Reviews among them (posts with a rating). */
  reviews: number;
  /** Average rating (5-100) of those reviews; null without reviews. */
  rating: number | null;
};
export type AnalyticsSalesMonth = {
  /** 'YYYY-MM' (UTC). */
  month: string;
  /** Sales in yen. */
  amount: number;
  /** Books sold. */
  count: number;
};
export type AnalyticsSales = {
  /** False where payments are off (no STRIPE_SECRET_KEY): the series is then empty. Otherwise every month of the last 12, oldest first. */
  available: boolean;
  series: AnalyticsSalesMonth[];
};
export type AnalyticsResponse = {
  /** Books the caller owns or contributed a data file to. */
  book_count: number;
  /** The newest 100 of them. */
  books: AnalyticsBook[];
  /** Views per day over the last 30 days, oldest first, every day present. */
  views: AnalyticsViewDay[];
  /** People following at least one of the Books, by the sex on their profile. */
  followers_by_sex: AnalyticsFollowers;
  /** Posts and average rating per month over the last 12 months, oldest first, every month present. */
  posts: AnalyticsPostMonth[];
  sales: AnalyticsSales;
};
export type HelpVideo = {
  /** `embed`: show `src` in an <iframe> (the provider's player); `file`: play `src` in a <video> element. */
  kind: 'embed' | 'file';
  /** What to play (already the embeddable form of a YouTube or Vimeo link). */
  src: string;
};
export type HelpVideosByLanguage = {
  /** Absent (null): show the illustrated walkthrough in Japanese. */
  ja?: HelpVideo | null;
  /** Absent (null): show the illustrated walkthrough in English. */
  en?: HelpVideo | null;
};
export type HelpVideosResponse = {
  /** The intro (welcome dialog, /videos). */
  intro: HelpVideosByLanguage;
  /** The how-to (/howto, /videos, the login page's how-to dialog). */
  howto: HelpVideosByLanguage;
};
export type UserRelationResponse = {
  /** User id of the blocked or muted person. */
  user_id: number;
  /** Their profile (null when they have none or are leaving). */
  profile: ProfileSummaryResponse | null;
  created_on: string;
};
export type UserRelationListResponse = {
  res: UserRelationResponse[];
  totalCount: number;
};
export type UserTargetDto = {
  /** User id. */
  user_id: number;
};
export type ReportCreatedResponse = {
  id: number;
};
export type CreateReportDto = {
  target_type: 'post' | 'comment' | 'page' | 'user' | 'community' | 'advertisement';
  target_id: number;
  reason: 'spam' | 'harassment' | 'illegal' | 'copyright' | 'privacy' | 'other';
  detail?: string;
};
export type ReportResponse = {
  id: number;
  target_type: 'post' | 'comment' | 'page' | 'user' | 'community' | 'advertisement';
  target_id: number;
  /** The reported text (a post or comment; a Book's title), null otherwise. */
  target_text: string | null;
  /** The target's author (user id). */
  author_id: number | null;
  author: ProfileSummaryResponse | null;
  /** How many reports the target has (open and resolved). */
  report_count: number;
  reason: 'spam' | 'harassment' | 'illegal' | 'copyright' | 'privacy' | 'other';
  detail: string;
  status: 'open' | 'resolved';
  action: string | null;
  note: string | null;
  created_on: string;
};
export type ReportListResponse = {
  res: ReportResponse[];
  totalCount: number;
};
export type ResolveReportDto = {
  action: 'hide' | 'dismiss' | 'suspend_user';
  note?: string;
};
export type RestoreDto = {
  target_type: 'post' | 'comment' | 'page' | 'advertisement' | 'community';
  target_id: number;
  note?: string;
};
export type AuditEntryResponse = {
  id: number;
  moderator_id: number;
  report_id: number | null;
  target_type: string;
  target_id: number;
  action: string;
  note: string;
  created_on: string;
};
export type AuditListResponse = {
  res: AuditEntryResponse[];
  totalCount: number;
};
export const {
  useHealthzQuery,
  useReadyzQuery,
  useGetMyProfileQuery,
  useCreateProfileMutation,
  useListNewProfilesQuery,
  useSearchProfilesQuery,
  useGetUserProfileQuery,
  useGetProfileDetailQuery,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useGetAccountQuery,
  useUpdateAccountMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useResendVerificationMutation,
  useVerifyForPasswordResetMutation,
  useResetPasswordMutation,
  useDeleteProfileMutation,
  useSignInProvidersQuery,
  useLoginGoogleMutation,
  useLineLoginQuery,
  useYahooLoginQuery,
  useLineCallbackQuery,
  useYahooCallbackQuery,
  useExchangeSignInCodeMutation,
  useSignInMethodsQuery,
  useLinkGoogleMutation,
  useLinkProviderStartMutation,
  useUnlinkProviderMutation,
  useListAttributesQuery,
  useSearchAttributesQuery,
  useListAttributesByLanguageQuery,
  useListAttributesOfPageQuery,
  useGetAttributeQuery,
  useGetPageInfoQuery,
  useGetPagePreviewQuery,
  useMakePagePublicMutation,
  useSearchPagesQuery,
  useSearchOwnedPagesQuery,
  useCheckUserPageStatusQuery,
  useTakeOwningPageMutation,
  useListRelatedPagesQuery,
  useListOwningAndRelatedPagesQuery,
  useListPagesJaQuery,
  useListPagesEnQuery,
  useListNewPagesQuery,
  useListOwningPagesQuery,
  useListPagesOfAttributeQuery,
  useListFollowingPagesQuery,
  useFollowPageMutation,
  useUnfollowPageMutation,
  useRecordPageViewQuery,
  useListPagesWithFilesOfUserQuery,
  useUploadDataMutation,
  useListUploadedFilesQuery,
  useDownloadFileMutation,
  useGetFileUrlMutation,
  usePostApprovalMutation,
  useDeleteFollowRequestMutation,
  useListSentFollowRequestsQuery,
  useListReceivedFollowRequestsQuery,
  useFollowCheckQuery,
  useListFollowersQuery,
  useListFollowingQuery,
  useGetFollowCountsQuery,
  useListRecommendedProfilesQuery,
  useCombinedSearchQuery,
  usePostAccessLogMutation,
  useListPostsQuery,
  useCreatePostMutation,
  useGetPostQuery,
  useUpdatePostMutation,
  useDeletePostMutation,
  useDeleteRepostMutation,
  useGetPostInteractionsQuery,
  useCreateCommentMutation,
  useDeleteCommentMutation,
  useListPostCommentsQuery,
  useListHomePostsQuery,
  useListUserPostsQuery,
  useListBookPostsQuery,
  useListLikedPostsQuery,
  useListCombinedQuery,
  useListCombinedLoggedInQuery,
  useGetCommunityQuery,
  useGetCommunityStatusQuery,
  useListCommunityBooksQuery,
  useListCommunityMembersQuery,
  useListPendingJoinRequestsQuery,
  useListUserCommunitiesQuery,
  useListCommunityPostsQuery,
  useListMyCommunitiesQuery,
  useGetCommunityNewPostQuery,
  useCreateCommunityMutation,
  useJoinCommunityMutation,
  useAcceptInvitationMutation,
  useInviteToCommunityMutation,
  useApproveJoinRequestMutation,
  useGetUnreadNotificationsQuery,
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useCreateNotificationStreamTicketMutation,
  useStreamNotificationsQuery,
  useMarkNotificationMutation,
  useGetNotificationSettingsQuery,
  usePutNotificationSettingsMutation,
  useGetNotificationSettingsAliasQuery,
  useUpdateNotificationSettingsMutation,
  usePaymentSettingsQuery,
  useCreateCheckoutSessionMutation,
  useStripeWebhookMutation,
  useCheckoutSessionStatusMutation,
  usePendingCheckoutQuery,
  useCreateConnectAccountMutation,
  useGetMyStripeAccountIdQuery,
  useGetLoginLinkQuery,
  useGetEarningsQuery,
  useAdSettingsQuery,
  useCreateAdvertisementMutation,
  usePostAdsStripeMutation,
  useAllowAdsMutation,
  useRandomAdvertisementsQuery,
  useAdvertisementsForMonopageQuery,
  useUpdateAdsMutation,
  useMyAdvertisementsQuery,
  useAdvertisementStatsQuery,
  useAnalyticsQuery,
  useHelpVideosQuery,
  useListBlocksQuery,
  useBlockUserMutation,
  useUnblockUserMutation,
  useListMutesQuery,
  useMuteUserMutation,
  useUnmuteUserMutation,
  useCreateReportMutation,
  useListModerationReportsQuery,
  useResolveReportMutation,
  useRestoreContentMutation,
  useUnsuspendUserMutation,
  useListModerationAuditQuery,
} = injectedRtkApi;
