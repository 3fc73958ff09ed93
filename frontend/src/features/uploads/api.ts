import { api } from '@/api/api';
import type { UploadedFileResponse } from '@/api/generated';
import { byPageIndex, itemTags } from '@/api/paging';

/** The data files' scroll list; uploading and the file calls get their tags and multipart body in @/api/api. */
export const uploadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A user's data files (/posteddata). */
    uploadedFiles: build.infiniteQuery<UploadedFileResponse[], { userId: number }, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ queryArg, pageParam }) => ({ url: '/api/user/uploadedfiles/', params: { user_id: queryArg.userId, count: pageParam } }),
      providesTags: (data) => [...itemTags('UploadedFile', data), 'UploadedFiles'],
    }),
  }),
});
