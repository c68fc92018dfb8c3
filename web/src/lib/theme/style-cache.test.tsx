import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { styleCache } from './style-cache';

/** The CSS text the cache wrote into the document (its own style elements: other tests' MUI outside the app's provider write theirs elsewhere). */
function writtenCss() {
  return styleCache.sheet.tags.map((node) => node.textContent).join('\n');
}

describe('styleCache', () => {
  it('writes -webkit-user-select beside user-select and no other vendor prefix', () => {
    render(
      <CacheProvider value={styleCache}>
        <Box sx={{ userSelect: 'none', display: 'flex', alignItems: 'center', appearance: 'none', '&::placeholder': { color: 'red' } }} />
      </CacheProvider>,
    );
    const css = writtenCss();
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('display:flex;');
    expect(css).toContain('appearance:none;');
    expect(css).not.toMatch(/-ms-|-moz-|-webkit-box|-webkit-align|-webkit-appearance|-webkit-input-placeholder/);
  });
});
