import { baseApi as api } from "./base-api";
export const addTagTypes = ["auth", "profiles"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      register: build.mutation<RegisterApiResponse, RegisterApiArg>({
        query: (queryArg) => ({
          url: `/api/user/register/`,
          method: "POST",
          body: queryArg.registerDto,
        }),
        invalidatesTags: ["auth"],
      }),
      login: build.mutation<LoginApiResponse, LoginApiArg>({
        query: (queryArg) => ({
          url: `/api/user/login/`,
          method: "POST",
          body: queryArg.loginDto,
        }),
        invalidatesTags: ["auth"],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: () => ({ url: `/api/user/logout/`, method: "POST" }),
        invalidatesTags: ["auth"],
      }),
      verifyEmail: build.mutation<VerifyEmailApiResponse, VerifyEmailApiArg>({
        query: (queryArg) => ({
          url: `/api/user/verify/`,
          method: "POST",
          body: queryArg.verifyDto,
        }),
        invalidatesTags: ["auth"],
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
        invalidatesTags: ["auth"],
      }),
      verifyForPasswordReset: build.mutation<
        VerifyForPasswordResetApiResponse,
        VerifyForPasswordResetApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/verify-for-password-reset/`,
          method: "POST",
          body: queryArg.verifyDto,
        }),
        invalidatesTags: ["auth"],
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
        invalidatesTags: ["auth"],
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
          body: queryArg.profileFormDto,
        }),
        invalidatesTags: ["profiles"],
      }),
      updateProfile: build.mutation<
        UpdateProfileApiResponse,
        UpdateProfileApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/profile/${queryArg.id}/`,
          method: "PUT",
          body: queryArg.profileFormDto,
        }),
        invalidatesTags: ["profiles"],
      }),
      getProfile: build.query<GetProfileApiResponse, GetProfileApiArg>({
        query: (queryArg) => ({ url: `/api/user/profile/${queryArg.id}` }),
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
      deleteProfile: build.mutation<
        DeleteProfileApiResponse,
        DeleteProfileApiArg
      >({
        query: () => ({ url: `/api/user/deleteprofile/`, method: "POST" }),
        invalidatesTags: ["profiles"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as api };
export type RegisterApiResponse = /** status 201 ok */ DetailDto;
export type RegisterApiArg = {
  registerDto: RegisterDto;
};
export type LoginApiResponse = /** status 200 ok */ LoginResponseDto;
export type LoginApiArg = {
  loginDto: LoginDto;
};
export type LogoutApiResponse = /** status 200 ok */ DetailDto;
export type LogoutApiArg = void;
export type VerifyEmailApiResponse = /** status 200 ok */ MessageDto;
export type VerifyEmailApiArg = {
  verifyDto: VerifyDto;
};
export type ForgotPasswordApiResponse = /** status 200 ok */ DetailDto;
export type ForgotPasswordApiArg = {
  forgotPasswordDto: ForgotPasswordDto;
};
export type VerifyForPasswordResetApiResponse = /** status 200 ok */ EmailDto;
export type VerifyForPasswordResetApiArg = {
  verifyDto: VerifyDto;
};
export type ResetPasswordApiResponse = /** status 200 ok */ DetailDto;
export type ResetPasswordApiArg = {
  resetPasswordDto: ResetPasswordDto;
};
export type GetMyProfileApiResponse = /** status 200 ok */ ProfileDto;
export type GetMyProfileApiArg = void;
export type CreateProfileApiResponse = /** status 201 ok */ ProfileDto;
export type CreateProfileApiArg = {
  profileFormDto: ProfileFormDto;
};
export type UpdateProfileApiResponse = /** status 200 ok */ ProfileDto;
export type UpdateProfileApiArg = {
  id: number;
  profileFormDto: ProfileFormDto;
};
export type GetProfileApiResponse = /** status 200 ok */ ProfileDto;
export type GetProfileApiArg = {
  id: number;
};
export type GetProfileDetailApiResponse = /** status 200 ok */ ProfileDto;
export type GetProfileDetailApiArg = {
  id: number;
};
export type GetUserProfileApiResponse = /** status 200 ok */ ProfileDto;
export type GetUserProfileApiArg = {
  userId: number;
};
export type ListNewProfilesApiResponse = /** status 200 ok */ ProfileDto[];
export type ListNewProfilesApiArg = void;
export type SearchProfilesApiResponse = /** status 200 ok */ ProfileDto[];
export type SearchProfilesApiArg = {
  q?: string;
  count?: number;
};
export type DeleteProfileApiResponse = /** status 200 ok */ DetailDto;
export type DeleteProfileApiArg = void;
export type DetailDto = {
  detail: string;
};
export type RegisterDto = {
  email: string;
  password1: string;
  password2: string;
  agreed: boolean;
  language?: "ja" | "en";
};
export type LoginResponseDto = {
  token: string;
  redirect_url: string;
};
export type LoginDto = {
  email: string;
  password: string;
};
export type MessageDto = {
  message: string;
};
export type VerifyDto = {
  id: number;
  key: string;
};
export type ForgotPasswordDto = {
  email: string;
  language?: "ja" | "en";
};
export type EmailDto = {
  email: string;
};
export type ResetPasswordDto = {
  id: number;
  key: string;
  email: string;
  password: string;
};
export type ProfileDto = {
  id: number;
  userProfile: number;
  nickName: string;
  caption: string;
  description: string;
  birth: string | null;
  birthday: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  birthDay: number | null;
  sex: string;
  img: string | null;
  imgBackground: string | null;
  created_on: string;
};
export type ProfileFormDto = {
  nickName?: string;
  caption?: string;
  description?: string;
  birth?: string;
  sex?: "0" | "1" | "3" | "4";
  img?: Blob;
  imgBackground?: Blob;
};
export const {
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useVerifyForPasswordResetMutation,
  useResetPasswordMutation,
  useGetMyProfileQuery,
  useCreateProfileMutation,
  useUpdateProfileMutation,
  useGetProfileQuery,
  useGetProfileDetailQuery,
  useGetUserProfileQuery,
  useListNewProfilesQuery,
  useSearchProfilesQuery,
  useDeleteProfileMutation,
} = injectedRtkApi;
