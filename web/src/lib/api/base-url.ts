/** Where the API lives (its own module: the sign-in page calls it before RTK Query loads). */
export const API_BASE_URL = '/api';
