/**
 * Wire shapes of the IFTA return calls, named from the generated contract types
 * ('@/lib/api', from http/openapi.json). Money is dollars (2 decimals, negative for a
 * credit), rates dollars a gallon (4 decimals), miles and gallons of the return whole.
 */
import type { QueryParams, RequestBody, Schema } from '@/lib/api';

export type IftaReturn = Schema<'IFTAReturn'>;
export type IftaRow = Schema<'IFTARow'>;
export type IftaWarning = Schema<'IFTAWarning'>;
export type IftaAfterClose = Schema<'IFTAAfterClose'>;
export type IftaClosedReturn = Schema<'IFTAClosedReturn'>;
export type IftaRatesUpload = Schema<'IFTARatesUpload'>;
export type IftaMiles = Schema<'IFTAMiles'>;
export type IftaPurchase = Schema<'IFTAPurchase'>;
export type IftaMilesCreate = RequestBody<'/api/wex/company/ifta/miles', 'post'>;
export type IftaPurchaseCreate = RequestBody<'/api/wex/company/ifta/purchases', 'post'>;

/** GET /api/wex/company/ifta/returns: year, quarter, fuelType. */
export type IftaPeriod = QueryParams<'/api/wex/company/ifta/returns', 'get'>;
export type FuelType = IftaPeriod['fuelType'];

export type TelematicsSettings = Schema<'TelematicsSettings'>;
export type TelematicsToken = Schema<'TelematicsToken'>;
