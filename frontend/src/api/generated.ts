import { baseApi as api } from "./base-api";
export const addTagTypes = [
  "operations",
  "profiles",
  "accounts",
  "sign-in",
  "tags",
  "books",
  "follows",
  "posts",
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      healthz: build.query<HealthzApiResponse, HealthzApiArg>({
        query: () => ({ url: `/healthz` }),
        providesTags: ["operations"],
      }),
      readyz: build.query<ReadyzApiResponse, ReadyzApiArg>({
        query: () => ({ url: `/readyz` }),
        providesTags: ["operations"],
      }),
      getMyProfile: build.query<GetMyProfileApiResponse, GetMyProfileApiArg>({
        query: () => ({ url: `/api/user/myprofile/` }),
        providesTags: ["profiles"],
      }),
      createProfile: build.mutation<
        CreateProfileApiResponse,
        CreateProfileApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/profile/`,
          method: "POST",
          body: queryArg.profileFieldsDto,
        }),
        invalidatesTags: ["profiles"],
      }),
      listNewProfiles: build.query<
        ListNewProfilesApiResponse,
        ListNewProfilesApiArg
      >({
        query: () => ({ url: `/api/user/profile/newprofiles/` }),
        providesTags: ["profiles"],
      }),
      searchProfiles: build.query<
        SearchProfilesApiResponse,
        SearchProfilesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/profile/search`,
          params: {
            q: queryArg.q,
            count: queryArg.count,
          },
        }),
        providesTags: ["profiles"],
      }),
      getUserProfile: build.query<
        GetUserProfileApiResponse,
        GetUserProfileApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/profile/get-user-profile/`,
          params: {
            user_id: queryArg.userId,
          },
        }),
        providesTags: ["profiles"],
      }),
      getProfileDetail: build.query<
        GetProfileDetailApiResponse,
        GetProfileDetailApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/profile/detail/${queryArg.id}`,
        }),
        providesTags: ["profiles"],
      }),
      getProfile: build.query<GetProfileApiResponse, GetProfileApiArg>({
        query: (queryArg) => ({ url: `/api/user/profile/${queryArg.id}` }),
        providesTags: ["profiles"],
      }),
      updateProfile: build.mutation<
        UpdateProfileApiResponse,
        UpdateProfileApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/profile/${queryArg.id}/`,
          method: "PUT",
          body: queryArg.profileFieldsDto,
        }),
        invalidatesTags: ["profiles"],
      }),
      register: build.mutation<RegisterApiResponse, RegisterApiArg>({
        query: (queryArg) => ({
          url: `/api/user/register/`,
          method: "POST",
          body: queryArg.registerDto,
        }),
        invalidatesTags: ["accounts"],
      }),
      login: build.mutation<LoginApiResponse, LoginApiArg>({
        query: (queryArg) => ({
          url: `/api/user/login/`,
          method: "POST",
          body: queryArg.loginDto,
        }),
        invalidatesTags: ["accounts"],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: () => ({ url: `/api/user/logout/`, method: "POST" }),
        invalidatesTags: ["accounts"],
      }),
      getAccount: build.query<GetAccountApiResponse, GetAccountApiArg>({
        query: () => ({ url: `/api/user/account/` }),
        providesTags: ["accounts"],
      }),
      updateAccount: build.mutation<
        UpdateAccountApiResponse,
        UpdateAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/account/`,
          method: "PATCH",
          body: queryArg.updateAccountDto,
        }),
        invalidatesTags: ["accounts"],
      }),
      verifyEmail: build.mutation<VerifyEmailApiResponse, VerifyEmailApiArg>({
        query: (queryArg) => ({
          url: `/api/user/verify/`,
          method: "POST",
          body: queryArg.keyDto,
        }),
        invalidatesTags: ["accounts"],
      }),
      forgotPassword: build.mutation<
        ForgotPasswordApiResponse,
        ForgotPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/forgot-password/`,
          method: "POST",
          body: queryArg.forgotPasswordDto,
        }),
        invalidatesTags: ["accounts"],
      }),
      verifyForPasswordReset: build.mutation<
        VerifyForPasswordResetApiResponse,
        VerifyForPasswordResetApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/verify-for-password-reset/`,
          method: "POST",
          body: queryArg.keyDto,
        }),
        invalidatesTags: ["accounts"],
      }),
      resetPassword: build.mutation<
        ResetPasswordApiResponse,
        ResetPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/reset-password/`,
          method: "POST",
          body: queryArg.resetPasswordDto,
        }),
        invalidatesTags: ["accounts"],
      }),
      deleteProfile: build.mutation<
        DeleteProfileApiResponse,
        DeleteProfileApiArg
      >({
        query: () => ({ url: `/api/user/deleteprofile/`, method: "POST" }),
        invalidatesTags: ["accounts", "profiles"],
      }),
      signInProviders: build.query<
        SignInProvidersApiResponse,
        SignInProvidersApiArg
      >({
        query: () => ({ url: `/api/user/sign-in-providers/` }),
        providesTags: ["sign-in"],
      }),
      loginGoogle: build.mutation<LoginGoogleApiResponse, LoginGoogleApiArg>({
        query: (queryArg) => ({
          url: `/api/user/loginGoogle/`,
          method: "POST",
          body: queryArg.googleLoginDto,
        }),
        invalidatesTags: ["sign-in"],
      }),
      lineLogin: build.query<LineLoginApiResponse, LineLoginApiArg>({
        query: (queryArg) => ({
          url: `/api/user/line-login/`,
          params: {
            community: queryArg.community,
            link: queryArg.link,
          },
        }),
        providesTags: ["sign-in"],
      }),
      yahooLogin: build.query<YahooLoginApiResponse, YahooLoginApiArg>({
        query: (queryArg) => ({
          url: `/api/user/yahoo-login/`,
          params: {
            community: queryArg.community,
            link: queryArg.link,
          },
        }),
        providesTags: ["sign-in"],
      }),
      lineCallback: build.query<LineCallbackApiResponse, LineCallbackApiArg>({
        query: (queryArg) => ({
          url: `/api/user/line-callback/`,
          params: {
            code: queryArg.code,
            state: queryArg.state,
          },
        }),
        providesTags: ["sign-in"],
      }),
      yahooCallback: build.query<YahooCallbackApiResponse, YahooCallbackApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/yahoo-callback/`,
            params: {
              code: queryArg.code,
              state: queryArg.state,
            },
          }),
          providesTags: ["sign-in"],
        },
      ),
      signInMethods: build.query<SignInMethodsApiResponse, SignInMethodsApiArg>(
        {
          query: () => ({ url: `/api/user/sign-in-methods/` }),
          providesTags: ["sign-in"],
        },
      ),
      linkGoogle: build.mutation<LinkGoogleApiResponse, LinkGoogleApiArg>({
        query: (queryArg) => ({
          url: `/api/user/sign-in-methods/google/`,
          method: "POST",
          body: queryArg.googleLinkDto,
        }),
        invalidatesTags: ["sign-in"],
      }),
      linkProviderStart: build.mutation<
        LinkProviderStartApiResponse,
        LinkProviderStartApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/sign-in-methods/${queryArg.provider}/start/`,
          method: "POST",
        }),
        invalidatesTags: ["sign-in"],
      }),
      unlinkProvider: build.mutation<
        UnlinkProviderApiResponse,
        UnlinkProviderApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/sign-in-methods/${queryArg.provider}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["sign-in"],
      }),
      listAttributes: build.query<
        ListAttributesApiResponse,
        ListAttributesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/attributecc/`,
          params: {
            lan: queryArg.lan,
            count: queryArg.count,
          },
        }),
        providesTags: ["tags"],
      }),
      searchAttributes: build.query<
        SearchAttributesApiResponse,
        SearchAttributesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/pageattribute/search/`,
          params: {
            q: queryArg.q,
            lan: queryArg.lan,
            count: queryArg.count,
          },
        }),
        providesTags: ["tags"],
      }),
      listAttributesByLanguage: build.query<
        ListAttributesByLanguageApiResponse,
        ListAttributesByLanguageApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/pageattribute/by-language/${queryArg.lan}/`,
        }),
        providesTags: ["tags"],
      }),
      listAttributesOfPage: build.query<
        ListAttributesOfPageApiResponse,
        ListAttributesOfPageApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/pageattribute/by-monopage/${queryArg.id}/`,
        }),
        providesTags: ["tags"],
      }),
      getAttribute: build.query<GetAttributeApiResponse, GetAttributeApiArg>({
        query: (queryArg) => ({
          url: `/api/user/pageattribute/${queryArg.id}/`,
        }),
        providesTags: ["tags"],
      }),
      getPageInfo: build.query<GetPageInfoApiResponse, GetPageInfoApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopage/get-page-info/`,
          params: {
            pageId: queryArg.pageId,
          },
        }),
        providesTags: ["books"],
      }),
      getPagePreview: build.query<
        GetPagePreviewApiResponse,
        GetPagePreviewApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/monopage/${queryArg.id}/preview/`,
        }),
        providesTags: ["books"],
      }),
      searchPages: build.query<SearchPagesApiResponse, SearchPagesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopage/search-pages/`,
          params: {
            query: queryArg.query,
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      searchOwnedPages: build.query<
        SearchOwnedPagesApiResponse,
        SearchOwnedPagesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/monopage/search-owned-pages/`,
          params: {
            query: queryArg.query,
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      checkUserPageStatus: build.query<
        CheckUserPageStatusApiResponse,
        CheckUserPageStatusApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/monopage/check-user-page-status/`,
          params: {
            pageId: queryArg.pageId,
            userId: queryArg.userId,
          },
        }),
        providesTags: ["books"],
      }),
      takeOwningPage: build.mutation<
        TakeOwningPageApiResponse,
        TakeOwningPageApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/owningpage/`,
          method: "POST",
          body: queryArg.owningPageDto,
        }),
        invalidatesTags: ["books"],
      }),
      listRelatedPages: build.query<
        ListRelatedPagesApiResponse,
        ListRelatedPagesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/relatedmonopage/${queryArg.id}/`,
        }),
        providesTags: ["books"],
      }),
      listOwningAndRelatedPages: build.query<
        ListOwningAndRelatedPagesApiResponse,
        ListOwningAndRelatedPagesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/owning_and_related_pages/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      listPagesJa: build.query<ListPagesJaApiResponse, ListPagesJaApiArg>({
        query: (queryArg) => ({
          url: `/api/user/pageccja/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      listPagesEn: build.query<ListPagesEnApiResponse, ListPagesEnApiArg>({
        query: (queryArg) => ({
          url: `/api/user/pageccen/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      listNewPages: build.query<ListNewPagesApiResponse, ListNewPagesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/newpagecc/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      listOwningPages: build.query<
        ListOwningPagesApiResponse,
        ListOwningPagesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/owningpagecc/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      listPagesOfAttribute: build.query<
        ListPagesOfAttributeApiResponse,
        ListPagesOfAttributeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/pageattribute/${queryArg.id}/monopages/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      listFollowingPages: build.query<
        ListFollowingPagesApiResponse,
        ListFollowingPagesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/followingpage/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      followPage: build.mutation<FollowPageApiResponse, FollowPageApiArg>({
        query: (queryArg) => ({
          url: `/api/user/followingpage/`,
          method: "POST",
          body: queryArg.pageIdDto,
        }),
        invalidatesTags: ["books"],
      }),
      unfollowPage: build.mutation<UnfollowPageApiResponse, UnfollowPageApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/unfollow-page/`,
            method: "DELETE",
            params: {
              pageId: queryArg.pageId,
            },
          }),
          invalidatesTags: ["books"],
        },
      ),
      recordPageView: build.query<
        RecordPageViewApiResponse,
        RecordPageViewApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/record_page_view/${queryArg.user}/${queryArg.page}/`,
        }),
        providesTags: ["books"],
      }),
      listPagesWithFilesOfUser: build.query<
        ListPagesWithFilesOfUserApiResponse,
        ListPagesWithFilesOfUserApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/${queryArg.id}/monopages-with-files/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      uploadData: build.mutation<UploadDataApiResponse, UploadDataApiArg>({
        query: (queryArg) => ({
          url: `/api/user/upload/`,
          method: "POST",
          body: queryArg.uploadFieldsDto,
        }),
        invalidatesTags: ["books"],
      }),
      listUploadedFiles: build.query<
        ListUploadedFilesApiResponse,
        ListUploadedFilesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/uploadedfiles/`,
          params: {
            user_id: queryArg.userId,
            count: queryArg.count,
          },
        }),
        providesTags: ["books"],
      }),
      downloadFile: build.mutation<DownloadFileApiResponse, DownloadFileApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/download/`,
            method: "POST",
            body: queryArg.fileIdDto,
          }),
          invalidatesTags: ["books"],
        },
      ),
      getFileUrl: build.mutation<GetFileUrlApiResponse, GetFileUrlApiArg>({
        query: (queryArg) => ({
          url: `/api/user/get_s3_url/`,
          method: "POST",
          body: queryArg.fileIdDto,
        }),
        invalidatesTags: ["books"],
      }),
      postApproval: build.mutation<PostApprovalApiResponse, PostApprovalApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/approval/`,
            method: "POST",
            body: queryArg.approvalDto,
          }),
          invalidatesTags: ["follows"],
        },
      ),
      deleteFollowRequest: build.mutation<
        DeleteFollowRequestApiResponse,
        DeleteFollowRequestApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/approval/delete_request/`,
          method: "POST",
          body: queryArg.deleteRequestDto,
        }),
        invalidatesTags: ["follows"],
      }),
      listSentFollowRequests: build.query<
        ListSentFollowRequestsApiResponse,
        ListSentFollowRequestsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/approval/Followinguser/${queryArg.id}/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["follows"],
      }),
      listReceivedFollowRequests: build.query<
        ListReceivedFollowRequestsApiResponse,
        ListReceivedFollowRequestsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/approval/Followeduser/${queryArg.id}/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["follows"],
      }),
      followCheck: build.query<FollowCheckApiResponse, FollowCheckApiArg>({
        query: (queryArg) => ({
          url: `/api/user/approval/followcheck/${queryArg.id}/`,
        }),
        providesTags: ["follows"],
      }),
      listFollowers: build.query<ListFollowersApiResponse, ListFollowersApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/followeduser/${queryArg.id}/`,
            params: {
              count: queryArg.count,
            },
          }),
          providesTags: ["follows"],
        },
      ),
      listFollowing: build.query<ListFollowingApiResponse, ListFollowingApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/followinguser/${queryArg.id}/`,
            params: {
              count: queryArg.count,
            },
          }),
          providesTags: ["follows"],
        },
      ),
      getFollowCounts: build.query<
        GetFollowCountsApiResponse,
        GetFollowCountsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/follower_following_counts/${queryArg.id}/`,
        }),
        providesTags: ["follows"],
      }),
      listRecommendedProfiles: build.query<
        ListRecommendedProfilesApiResponse,
        ListRecommendedProfilesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/profilecc/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["follows"],
      }),
      combinedSearch: build.query<
        CombinedSearchApiResponse,
        CombinedSearchApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/combinedsearch/`,
          params: {
            q: queryArg.q,
            count: queryArg.count,
          },
        }),
        providesTags: ["follows"],
      }),
      postAccessLog: build.mutation<
        PostAccessLogApiResponse,
        PostAccessLogApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/access-log/`,
          method: "POST",
          body: queryArg.accessLogDto,
        }),
        invalidatesTags: ["follows"],
      }),
      listPosts: build.query<ListPostsApiResponse, ListPostsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopost/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["posts"],
      }),
      createPost: build.mutation<CreatePostApiResponse, CreatePostApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopost/`,
          method: "POST",
          body: queryArg.createPostDto,
        }),
        invalidatesTags: ["posts"],
      }),
      getPost: build.query<GetPostApiResponse, GetPostApiArg>({
        query: (queryArg) => ({ url: `/api/user/monopost/${queryArg.id}/` }),
        providesTags: ["posts"],
      }),
      updatePost: build.mutation<UpdatePostApiResponse, UpdatePostApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopost/${queryArg.id}/`,
          method: "PUT",
          body: queryArg.updatePostDto,
        }),
        invalidatesTags: ["posts"],
      }),
      deletePost: build.mutation<DeletePostApiResponse, DeletePostApiArg>({
        query: (queryArg) => ({
          url: `/api/user/monopost/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["posts"],
      }),
      deleteRepost: build.mutation<DeleteRepostApiResponse, DeleteRepostApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/delete-repost/${queryArg.id}/delete_repost/`,
            method: "DELETE",
          }),
          invalidatesTags: ["posts"],
        },
      ),
      getPostInteractions: build.query<
        GetPostInteractionsApiResponse,
        GetPostInteractionsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/post-interactions/${queryArg.id}/`,
        }),
        providesTags: ["posts"],
      }),
      createComment: build.mutation<
        CreateCommentApiResponse,
        CreateCommentApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/monocomment/`,
          method: "POST",
          body: queryArg.createCommentDto,
        }),
        invalidatesTags: ["posts"],
      }),
      deleteComment: build.mutation<
        DeleteCommentApiResponse,
        DeleteCommentApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/monocomment/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["posts"],
      }),
      listPostComments: build.query<
        ListPostCommentsApiResponse,
        ListPostCommentsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/monocomment-nonlogin/post-comments/`,
          params: {
            post_id: queryArg.postId,
            count: queryArg.count,
          },
        }),
        providesTags: ["posts"],
      }),
      listHomePosts: build.query<ListHomePostsApiResponse, ListHomePostsApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/postcc/`,
            params: {
              count: queryArg.count,
            },
          }),
          providesTags: ["posts"],
        },
      ),
      listUserPosts: build.query<ListUserPostsApiResponse, ListUserPostsApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/userpostcc/`,
            params: {
              user_id: queryArg.userId,
              count: queryArg.count,
            },
          }),
          providesTags: ["posts"],
        },
      ),
      listBookPosts: build.query<ListBookPostsApiResponse, ListBookPostsApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/monopostcc/`,
            params: {
              pageId: queryArg.pageId,
              count: queryArg.count,
            },
          }),
          providesTags: ["posts"],
        },
      ),
      listLikedPosts: build.query<
        ListLikedPostsApiResponse,
        ListLikedPostsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/likedpostscc/likedposts/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["posts"],
      }),
      listCombined: build.query<ListCombinedApiResponse, ListCombinedApiArg>({
        query: (queryArg) => ({
          url: `/api/user/combinedlist/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["posts"],
      }),
      listCombinedLoggedIn: build.query<
        ListCombinedLoggedInApiResponse,
        ListCombinedLoggedInApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/loggedincombinedlist/`,
          params: {
            count: queryArg.count,
          },
        }),
        providesTags: ["posts"],
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
export type RegisterApiResponse =
  /** status 201 Always the same answer, also for a taken address. */ DetailResponse;
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
export type VerifyForPasswordResetApiResponse =
  /** status 200  */ EmailResponse;
export type VerifyForPasswordResetApiArg = {
  keyDto: KeyDto;
};
export type ResetPasswordApiResponse = /** status 200  */ DetailResponse;
export type ResetPasswordApiArg = {
  resetPasswordDto: ResetPasswordDto;
};
export type DeleteProfileApiResponse = /** status 200  */ DetailResponse;
export type DeleteProfileApiArg = void;
export type SignInProvidersApiResponse =
  /** status 200  */ SignInProvidersResponse;
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
export type SignInMethodsApiResponse = /** status 200  */ SignInMethodsResponse;
export type SignInMethodsApiArg = void;
export type LinkGoogleApiResponse = /** status 200  */ SignInMethodsResponse;
export type LinkGoogleApiArg = {
  googleLinkDto: GoogleLinkDto;
};
export type LinkProviderStartApiResponse = /** status 201  */ LinkStartResponse;
export type LinkProviderStartApiArg = {
  provider: "line" | "yahoo";
};
export type UnlinkProviderApiResponse = unknown;
export type UnlinkProviderApiArg = {
  provider: "google" | "line" | "yahoo";
};
export type ListAttributesApiResponse = /** status 200  */ AttributeResponse[];
export type ListAttributesApiArg = {
  lan: "ja" | "en";
  /** Page index from 0. */
  count?: number;
};
export type SearchAttributesApiResponse =
  /** status 200  */ AttributeResponse[];
export type SearchAttributesApiArg = {
  q?: string;
  lan: "ja" | "en";
  /** Page index from 0. */
  count?: number;
};
export type ListAttributesByLanguageApiResponse =
  /** status 200  */ AttributeResponse[];
export type ListAttributesByLanguageApiArg = {
  lan: "ja" | "en";
};
export type ListAttributesOfPageApiResponse =
  /** status 200  */ AttributeResponse[];
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
export type CheckUserPageStatusApiResponse =
  /** status 200  */ PageStatusResponse;
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
export type ListOwningAndRelatedPagesApiResponse =
  /** status 200  */ PageResponse[];
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
export type ListPagesWithFilesOfUserApiResponse =
  /** status 200  */ PageResponse[];
export type ListPagesWithFilesOfUserApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type UploadDataApiResponse = /** status 201  */ UploadedFileResponse;
export type UploadDataApiArg = {
  uploadFieldsDto: UploadFieldsDto;
};
export type ListUploadedFilesApiResponse =
  /** status 200  */ UploadedFileResponse[];
export type ListUploadedFilesApiArg = {
  userId: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type DownloadFileApiResponse =
  /** status 200 The file; Content-Type names its type, Content-Disposition its name. */ Blob;
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
export type ListSentFollowRequestsApiResponse =
  /** status 200  */ FollowRequestResponse[];
export type ListSentFollowRequestsApiArg = {
  id: number;
  /** Page index from 0; 10 per page. */
  count?: number;
};
export type ListReceivedFollowRequestsApiResponse =
  /** status 200  */ FollowRequestResponse[];
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
export type GetFollowCountsApiResponse =
  /** status 200  */ FollowCountsResponse;
export type GetFollowCountsApiArg = {
  id: number;
};
export type ListRecommendedProfilesApiResponse =
  /** status 200  */ ProfileResponse[];
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
export type GetPostInteractionsApiResponse =
  /** status 200  */ PostInteractionsResponse;
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
  sex: "0" | "1" | "3" | "4";
  /** Absolute URL of the avatar. */
  img: string | null;
  /** Absolute URL of the background image. */
  imgBackground: string | null;
  created_on: string;
};
export type DetailResponse = {
  detail: string;
};
export type ProfileFieldsDto = {
  /** Required when creating; "default" means unset and is refused. */
  nickName?: string;
  caption?: string;
  description?: string;
  /** Birthday, YYYY-MM-DD; an empty value clears it. */
  birth?: string;
  /** '0' no answer (also unset), '1' male, '3' female, '4' other. */
  sex?: "0" | "1" | "3" | "4";
  /** Avatar (JPEG, PNG, WebP or GIF; re-encoded as JPEG). */
  img?: Blob;
  /** Background image. */
  imgBackground?: Blob;
};
export type RegisterDto = {
  email: string;
  password1: string;
  password2: string;
  /** The terms and conditions were agreed to; must be true. */
  agreed: boolean;
  /** Language of the mail sent to this account. */
  language?: "ja" | "en";
};
export type LoginResponse = {
  /** Send as `Authorization: Token <token>`. */
  token: string;
  /** /account while the user has no profile yet. */
  redirect_url: "/home" | "/account";
  /** The language saved to the account: the UI switches to it after logging in. */
  language: "ja" | "en";
};
export type LoginDto = {
  email: string;
  password: string;
};
export type AccountResponse = {
  email: string;
  /** Language of the UI and of the mail sent to this account. */
  language: "ja" | "en";
};
export type UpdateAccountDto = {
  /** Language of the UI and of the mail sent to this account. */
  language?: "ja" | "en";
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
  language?: "ja" | "en";
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
export type SignInMethod = {
  provider: "google" | "line" | "yahoo";
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
  language: "ja" | "en";
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
  type: "number" | "date" | "text" | "boolean" | "empty";
  /** What the column is for (codes and coordinates are never averaged). */
  role:
    | "identifier"
    | "constant"
    | "time"
    | "entity"
    | "category"
    | "measure"
    | "coordinate"
    | "text"
    | "empty";
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
  kind: "line" | "bars";
  /** The headline measure (y axis). */
  measure: string;
  unit?: string;
  /** The x axis column (time or label). */
  x: string;
  /** Each point is the mean or the total of its rows. */
  aggregate: "mean" | "sum";
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
  language: "ja" | "en";
  /** Opaque ticket for POST owningpage/, present when the viewer may take the Book without paying (free Book or contributor). */
  encrypted_pageId?: string;
  /** monopage/get-page-info/ only: the column profile and chart of the main table (no raw rows); null for documents, photos and Books made before it. */
  column_profile?: BookColumnProfile | null;
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
  kind: "jpeg" | "csv" | "xlsx" | "xls" | "docx" | "doc";
  size: number;
  /** Book generation state. */
  status: "pending" | "processing" | "done" | "failed";
  /** Why the file could not become a Book (`status` failed): `unreadable` (damaged, or not what its type says), `too-large` (unpacks to more than the limits, or needs too much memory to read), `timeout` (reading it took too long), `interrupted` (processing stopped twice). Null otherwise. */
  failure:
    ("unreadable" | "too-large" | "timeout" | "interrupted" | null) | null;
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
  /** Circles joined (0 until circles exist). */
  community_count: number;
};
export type CombinedSearchItem = {
  type: "user" | "community";
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
  type: "profile" | "page" | "community";
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
  /** A circle post (needs communities; refused until circles exist). */
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
  type: "post" | "page";
  post?: PostResponse;
  page?: PageResponse;
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
  useVerifyForPasswordResetMutation,
  useResetPasswordMutation,
  useDeleteProfileMutation,
  useSignInProvidersQuery,
  useLoginGoogleMutation,
  useLineLoginQuery,
  useYahooLoginQuery,
  useLineCallbackQuery,
  useYahooCallbackQuery,
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
} = injectedRtkApi;
