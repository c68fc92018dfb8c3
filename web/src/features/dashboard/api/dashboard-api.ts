import { api, type QueryParams, type ResponseBody, type Schema } from '@/lib/api';
import type { RoleCode } from '@/lib/auth';

/** GET /api/wex/company/wallet (http/openapi.json): dollars, negative = owed on an invoice contract. */
export type Wallet = Schema<'Wallet'>;

/** GET /api/wex/company/contract (http/openapi.json, docs/decisions.md). */
export type Contract = Schema<'Contract'>;

/** PUT /api/wex/company/contract/planner-costs: dollars, whole cents. */
export type PlannerCosts = Schema<'PlannerCosts'>;

/** GET|PUT /api/wex/company/wallet/low-balance: dollars, null for no alert. */
export type LowBalance = Schema<'WalletLowBalance'>;

/** One item of GET …/total-spendings: the first item of the array is used (docs/product.md §3); missedSavings is the company's off-plan cost over the same days. */
export type SavingsSummary = Schema<'Spendings'>[number];

/** A row of GET /api/wex/company/get-cards, with the card's budget and its spend this month. */
export type DashboardCard = Schema<'CardListItem'>;

export type RecentTransaction = Schema<'TransactionItem'>;

/** GET /api/wex/company/ifta/summary: the diesel IFTA return to act on now (docs/ifta.md, "The dashboard"). */
export type IftaSummary = Schema<'IFTASummary'>;

/** GET /api/config: whether this server takes payments. */
export type AppConfig = Pick<Schema<'Config'>, 'paymentsConfigured'>;

type TransactionsQuery = QueryParams<'/api/wex/company/transactions', 'get'> & QueryParams<'/api/wex/transactions', 'get'>;

/** Company users call the company/ endpoints, everyone else the driver ones (docs/product.md §6). */
const wexBase = (role: RoleCode) => (role === 'ROLE_COMPANY' ? '/wex/company' : '/wex');

/** How many cards and transactions the dashboard lists (docs/product.md §9). */
export const DASHBOARD_LIST_SIZE = 3;

/** The most purchases missing a job the dashboard counts (ten pages of 20: the list's count stops ten pages ahead). */
export const MISSING_JOB_COUNT_CAP = 200;

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompanyWallet: build.query<Wallet, void>({
      query: () => '/wex/company/wallet',
      providesTags: ['Wallet'],
    }),
    getDashboardConfig: build.query<AppConfig, void>({
      query: () => '/config',
    }),
    /** Tagged as the IFTA page's return: an entry or a close there refreshes the tile. */
    getIftaSummary: build.query<IftaSummary, void>({
      query: () => '/wex/company/ifta/summary',
      providesTags: ['IftaReturn'],
    }),
    /**
     * How many purchases wait for a job their card requires: the total of the first page of the list the
     * coding page's "Only purchases missing a job" filter shows (the driver's own, or the company's). The
     * server counts up to ten pages ahead, so the total stops at MISSING_JOB_COUNT_CAP.
     */
    getMissingJobCount: build.query<number, RoleCode>({
      query: (role) => ({
        url: `${wexBase(role)}/transactions`,
        params: { page: 0, size: MISSING_JOB_COUNT_CAP / 10, sort: 'transactionDate,desc', missingJob: 'true' } satisfies TransactionsQuery,
      }),
      transformResponse: (response: ResponseBody<'/api/wex/transactions', 'get'>) => response.page.totalElements,
      providesTags: ['Transaction'],
    }),
    getCompanyContract: build.query<Contract, void>({
      query: () => '/wex/company/contract',
      providesTags: ['Contract'],
    }),
    /** Owners set the fuel planner's costs; answers the contract. */
    setPlannerCosts: build.mutation<Contract, PlannerCosts>({
      query: (body) => ({ url: '/wex/company/contract/planner-costs', method: 'PUT', body }),
      invalidatesTags: ['Contract'],
    }),
    /** The owner's low-wallet threshold. */
    getLowBalance: build.query<LowBalance, void>({
      query: () => '/wex/company/wallet/low-balance',
      providesTags: ['Wallet'],
    }),
    /** Sets or clears (null) the threshold; answers it as stored (rounded to the cent). */
    setLowBalance: build.mutation<LowBalance, LowBalance>({
      query: (body) => ({ url: '/wex/company/wallet/low-balance', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(dashboardApi.util.upsertQueryData('getLowBalance', undefined, data));
        } catch {
          // A refused threshold changes nothing; the form shows why.
        }
      },
    }),
    getTotalSpendings: build.query<SavingsSummary, { role: RoleCode; lastDays: number }>({
      query: ({ role, lastDays }) => ({
        url: `${wexBase(role)}/total-spendings`,
        params: { lastDays } satisfies QueryParams<'/api/wex/total-spendings', 'get'>,
      }),
      transformResponse: (items: ResponseBody<'/api/wex/total-spendings', 'get'>) => items[0] ?? { total: 0, saved: 0, missedSavings: 0 },
      providesTags: ['Savings'],
    }),
    getDashboardCards: build.query<DashboardCard[], void>({
      query: () => '/wex/company/get-cards',
      transformResponse: (response: ResponseBody<'/api/wex/company/get-cards', 'get'>) => response.value,
      providesTags: ['FuelCard'],
    }),
    /**
     * The newest transactions. docs/product.md §4 says the dashboard uses "page 1"; the API pages
     * from 0 (as the transactions screen does), so the first page is page=0 here —
     * page=1 would skip the newest ones.
     */
    getRecentTransactions: build.query<RecentTransaction[], { role: RoleCode }>({
      query: ({ role }) => ({
        url: `${wexBase(role)}/transactions`,
        params: { page: 0, size: DASHBOARD_LIST_SIZE, sort: 'transactionDate,desc' } satisfies TransactionsQuery,
      }),
      transformResponse: (response: ResponseBody<'/api/wex/transactions', 'get'>) => response.content.slice(0, DASHBOARD_LIST_SIZE),
      providesTags: ['Transaction'],
    }),
  }),
});

export const {
  useGetCompanyWalletQuery,
  useGetCompanyContractQuery,
  useGetIftaSummaryQuery,
  useGetMissingJobCountQuery,
  useGetDashboardConfigQuery,
  useSetPlannerCostsMutation,
  useGetLowBalanceQuery,
  useSetLowBalanceMutation,
  useGetTotalSpendingsQuery,
  useGetDashboardCardsQuery,
  useGetRecentTransactionsQuery,
} = dashboardApi;
