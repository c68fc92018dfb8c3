// The pieces every map shares; MapLibre itself (./maplibre) is imported only by lazily loaded maps.
export { localBaseStyle, MAP_COLORS } from './base-style';
export { supportsWebGL } from './webgl';
