import { api, type ResponseBody, type Schema } from '@/lib/api';

/** A fleet vehicle with the cards assigned to it (docs/product.md, Vehicles; http/openapi.json). */
export type Vehicle = Schema<'Vehicle'>;
/** POST /api/wex/company/vehicles and PUT …/{id} body. */
export type VehicleInput = Schema<'VehicleInput'>;
/** What a fleet list import did. */
export type VehicleImportResult = Schema<'VehicleImportResult'>;

/** One odometer reading of a vehicle (GET …/vehicles/{id}/odometer). */
export type OdometerReading = Schema<'OdometerReading'>;
/** POST …/vehicles/{id}/odometer body: whole miles, and when it was read (absent: now). */
export type OdometerReadingInput = Schema<'OdometerReadingCreate'>;

const vehiclePath = (id: number) => `/wex/company/vehicles/${encodeURIComponent(String(id))}`;

/** The owner's vehicles. Every change refetches the list (cards are shown on it). */
export const vehiclesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVehicles: build.query<Vehicle[], void>({
      query: () => '/wex/company/vehicles',
      transformResponse: (response: ResponseBody<'/api/wex/company/vehicles', 'get'>) => response.value,
      providesTags: ['Vehicle'],
    }),
    createVehicle: build.mutation<Vehicle, VehicleInput>({
      query: (body) => ({ url: '/wex/company/vehicles', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Vehicle']),
    }),
    updateVehicle: build.mutation<Vehicle, { id: number; vehicle: VehicleInput }>({
      query: ({ id, vehicle }) => ({ url: vehiclePath(id), method: 'PUT', body: vehicle }),
      invalidatesTags: (_result, error) => (error ? [] : ['Vehicle']),
    }),
    /** PUT …/vehicles/{id}/group (owners and admins): the vehicle's group, null for none. */
    setVehicleGroup: build.mutation<void, { id: number; groupId: number | null }>({
      query: ({ id, groupId }) => ({ url: `${vehiclePath(id)}/group`, method: 'PUT', body: { groupId } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Vehicle', 'Group']),
    }),
    /** Newest first, at most 200. */
    getVehicleOdometer: build.query<OdometerReading[], number>({
      query: (id) => `${vehiclePath(id)}/odometer`,
      transformResponse: (response: ResponseBody<'/api/wex/company/vehicles/{id}/odometer', 'get'>) => response.value,
      providesTags: (_result, _error, id) => [{ type: 'Vehicle', id: `odometer-${id}` }],
    }),
    /** A reading moves the vehicle's MPG: the list of vehicles refetches too. */
    addVehicleOdometer: build.mutation<OdometerReading, { id: number; reading: OdometerReadingInput }>({
      query: ({ id, reading }) => ({ url: `${vehiclePath(id)}/odometer`, method: 'POST', body: reading }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['Vehicle', { type: 'Vehicle', id: `odometer-${id}` }]),
    }),
    deleteVehicle: build.mutation<void, number>({
      query: (id) => ({ url: vehiclePath(id), method: 'DELETE' }),
      invalidatesTags: ['Vehicle'],
    }),
    /** The fleet list as CSV text, sent as it is: all or nothing. */
    importVehicles: build.mutation<VehicleImportResult, string>({
      query: (csv) => ({ url: '/wex/company/vehicles/import', method: 'POST', body: csv, headers: { 'Content-Type': 'text/csv' } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Vehicle']),
    }),
  }),
});

export const {
  useGetVehiclesQuery,
  useCreateVehicleMutation,
  useUpdateVehicleMutation,
  useSetVehicleGroupMutation,
  useDeleteVehicleMutation,
  useImportVehiclesMutation,
  useGetVehicleOdometerQuery,
  useAddVehicleOdometerMutation,
} = vehiclesApi;
