import { api as generatedApi } from './generated';
import type { CreatePostDto, ProfileFieldsDto, UploadFieldsDto, UpdatePostDto } from './generated';
import { BOOK_LIST, FOLLOWED_BOOKS, SHARED_TAG_TYPES } from './tags';
import type { DownloadedFile } from './types';

type FormFields = Record<string, string | number | boolean | Blob | (string | number)[] | undefined | null>;

/** Multipart bodies: append only the fields that are set (the server changes only those). */
export function toFormData(fields: ProfileFieldsDto | UploadFieldsDto | CreatePostDto | UpdatePostDto): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as FormFields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) {
      const fileName = value instanceof File ? value.name : `${name}.jpg`;
      form.append(name, value, fileName);
    } else if (Array.isArray(value)) {
      // Repeated fields (communities, liked).
      for (const item of value) form.append(name, String(item));
    } else {
      form.append(name, String(value));
    }
  }
  return form;
}

/** The file name of a Content-Disposition header, preferring the UTF-8 form (filename*=). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/**
 * The app's one API slice: the generated client (every call of openapi.yaml, injected into the
 * base slice) with the tags and multipart bodies of the calls the shell and several features
 * share — profiles, sign-in, tags, Books, data files. They are set here, not in a feature, so a
 * call has them whichever screen asks first (the first screen asks for a Book before any route's
 * code is there). Each feature injects its own endpoints (scroll lists) and the tags of the calls
 * only it makes in its `features/<name>/api.ts`.
 */
export const api = generatedApi.enhanceEndpoints({
  addTagTypes: SHARED_TAG_TYPES,
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
    resendVerification: { invalidatesTags: [] },
    verifyForPasswordReset: { invalidatesTags: [] },
    resetPassword: { invalidatesTags: [] },

    // Tags (attributes).
    listAttributes: { providesTags: ['Tag'] },
    searchAttributes: { providesTags: ['Tag'] },
    listAttributesByLanguage: { providesTags: ['Tag'] },
    listAttributesOfPage: { providesTags: ['Tag'] },
    getAttribute: { providesTags: ['Tag'] },

    // Books.
    getPageInfo: { providesTags: (_result, _error, arg) => [{ type: 'Book', id: arg.pageId }] },
    checkUserPageStatus: { providesTags: (_result, _error, arg) => [{ type: 'BookStatus', id: arg.pageId }] },
    listRelatedPages: { providesTags: [BOOK_LIST] },
    searchPages: { providesTags: [BOOK_LIST] },
    searchOwnedPages: { providesTags: [BOOK_LIST] },
    listOwningAndRelatedPages: { providesTags: [BOOK_LIST] },
    listPagesJa: { providesTags: [BOOK_LIST] },
    listPagesEn: { providesTags: [BOOK_LIST] },
    listNewPages: { providesTags: [BOOK_LIST] },
    listOwningPages: { providesTags: [BOOK_LIST] },
    listPagesOfAttribute: { providesTags: [BOOK_LIST] },
    listPagesWithFilesOfUser: { providesTags: [BOOK_LIST] },
    listFollowingPages: { providesTags: [FOLLOWED_BOOKS] },
    // The ticket does not say which Book: every Book and status may have changed.
    takeOwningPage: { invalidatesTags: ['Book', 'BookStatus', BOOK_LIST] },
    // A members-only Book made public: the Book and every list it may now be in.
    makePagePublic: { invalidatesTags: (_result, _error, arg) => [{ type: 'Book', id: arg.id }, BOOK_LIST, FOLLOWED_BOOKS] },
    // Counting a view changes nothing the viewer sees, and must not be repeated by a refetch.
    recordPageView: { providesTags: [], keepUnusedDataFor: 3600 },

    // Data files.
    listUploadedFiles: { providesTags: ['UploadedFiles'] },
    uploadData: {
      query: (arg) => ({
        url: `/api/user/upload/`,
        method: 'POST',
        body: toFormData(arg.uploadFieldsDto),
      }),
      invalidatesTags: ['UploadedFiles', BOOK_LIST],
    },
    downloadFile: {
      query: (arg) => ({
        url: `/api/user/download/`,
        method: 'POST',
        body: arg.fileIdDto,
        // The body is the file: hand back an object URL (serialisable) and the name to save it as.
        responseHandler: async (response: Response): Promise<DownloadedFile | unknown> => {
          if (!response.ok) return response.json().catch(() => null);
          const blob = await response.blob();
          return { objectUrl: URL.createObjectURL(blob), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
        },
      }),
      invalidatesTags: [],
    },
    getFileUrl: { invalidatesTags: [] },
  },
});
