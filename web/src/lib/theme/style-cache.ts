import createCache, { type StylisPlugin } from '@emotion/cache';

/**
 * Safari (every version the build targets, vite's baseline: Safari 16, Chrome 107, Firefox 104)
 * still needs `-webkit-user-select`; those browsers take every other property MUI and the app
 * write without a vendor prefix.
 */
const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select' && !element.return) element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * Emotion's cache for the app's styles (src/app/provider.tsx). Emotion's default prefixes every
 * declaration for browsers long gone (stylis' prefixer: `-ms-flexbox`, `-webkit-box`, …): on the
 * first screen that was a third of the commit that draws the page, ~50 ms at a phone's speed,
 * all of it blocking. This cache prefixes only what the browsers above still need.
 */
export const styleCache = createCache({ key: 'css', stylisPlugins: [webkitUserSelect] });
