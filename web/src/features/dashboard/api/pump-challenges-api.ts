import { api, type Schema } from '@/lib/api';

/** A question put to the driver when no recent position placed their truck at the pump. */
export type PumpChallenge = Schema<'PumpChallenge'>;

/** GET /api/wex/challenges and POST /api/wex/challenges/{id}: the driver's open pump check questions. */
export const pumpChallengesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPumpChallenges: build.query<PumpChallenge[], void>({
      query: () => '/wex/challenges',
      transformResponse: (body: Schema<'PumpChallengeList'>) => body.value,
      providesTags: ['PumpChallenge'],
    }),
    answerPumpChallenge: build.mutation<PumpChallenge, { id: number; answer: 'yes' | 'no' }>({
      query: ({ id, answer }) => ({ url: `/wex/challenges/${id}`, method: 'POST', body: { answer } }),
      invalidatesTags: ['PumpChallenge'],
    }),
  }),
});

export const { useGetPumpChallengesQuery, useAnswerPumpChallengeMutation } = pumpChallengesApi;
