export { formatDollars, maskCardNumber } from './fleet';
