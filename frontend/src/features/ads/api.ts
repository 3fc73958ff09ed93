import { api, toFormData } from '@/api/api';

/**
 * The ads' calls: the generated ones with this app's tags and a multipart body
 * for a new ad. Serving an ad counts an impression on the server, so the served lists are never
 * refetched because of a tag (a click, a new ad): only a new visit to a feed asks again. The
 * advertiser's own list (`AdList`) follows every change of their ads.
 */
const AD_LIST = { type: 'AdList', id: 'LIST' } as const;

export const adsApi = api.enhanceEndpoints({
  addTagTypes: ['AdList'],
  endpoints: {
    adSettings: { providesTags: [] },
    createAdvertisement: {
      query: (arg) => ({ url: '/api/user/advertisement/', method: 'POST', body: toFormData(arg.createAdDto as unknown as Parameters<typeof toFormData>[0]) }),
      invalidatesTags: [AD_LIST],
    },
    postAdsStripe: { invalidatesTags: [] },
    allowAds: { invalidatesTags: [AD_LIST] },
    randomAdvertisements: { providesTags: [], keepUnusedDataFor: 300 },
    advertisementsForMonopage: { providesTags: [], keepUnusedDataFor: 300 },
    updateAds: { invalidatesTags: [AD_LIST] },
    myAdvertisements: { providesTags: [AD_LIST] },
    advertisementStats: { providesTags: [AD_LIST] },
  },
});
