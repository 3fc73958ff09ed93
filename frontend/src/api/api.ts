import { api as generatedApi } from './generated';
import type { ProfileFieldsDto } from './generated';

/** Multipart bodies: append only the fields that are set (the server changes only those). */
export function toFormData(fields: ProfileFieldsDto): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields) as [string, string | Blob | undefined][]) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) {
      const fileName = value instanceof File ? value.name : `${name}.jpg`;
      form.append(name, value, fileName);
    } else {
      form.append(name, value);
    }
  }
  return form;
}

export const api = generatedApi.enhanceEndpoints({
  addTagTypes: ['Profile'],
  endpoints: {
    getMyProfile: { providesTags: ['Profile'] },
    getProfile: { providesTags: ['Profile'] },
    getProfileDetail: { providesTags: ['Profile'] },
    getUserProfile: { providesTags: ['Profile'] },
    listNewProfiles: { providesTags: ['Profile'] },
    searchProfiles: { providesTags: ['Profile'] },
    createProfile: {
      query: (arg) => ({
        url: `/api/user/profile/`,
        method: 'POST',
        body: toFormData(arg.profileFieldsDto),
      }),
      invalidatesTags: ['Profile'],
    },
    updateProfile: {
      query: (arg) => ({
        url: `/api/user/profile/${arg.id}/`,
        method: 'PUT',
        body: toFormData(arg.profileFieldsDto),
      }),
      invalidatesTags: ['Profile'],
    },
    deleteProfile: { invalidatesTags: [] },
    // Auth calls change nothing cached; the session change resets the cache instead.
    register: { invalidatesTags: [] },
    login: { invalidatesTags: [] },
    logout: { invalidatesTags: [] },
    verifyEmail: { invalidatesTags: [] },
    forgotPassword: { invalidatesTags: [] },
    verifyForPasswordReset: { invalidatesTags: [] },
    resetPassword: { invalidatesTags: [] },
  },
});
