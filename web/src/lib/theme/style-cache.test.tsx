import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { styleCache } from './style-cache';

/** The rules the cache wrote for an element's Emotion class (the shared test document holds other tests' rules too). */
function rulesOf(element: HTMLElement) {
  const name = [...element.classList].find((c) => c.startsWith(`${styleCache.key}-`));
  return styleCache.sheet.tags
    .map((node) => node.textContent ?? '')
    .filter((rule) => rule.includes(`.${name}`))
    .join('\n');
}

describe('styleCache', () => {
  it('writes -webkit-user-select beside user-select and no other vendor prefix', () => {
    render(
      <CacheProvider value={styleCache}>
        <Box data-testid="styled" sx={{ userSelect: 'none', display: 'flex', alignItems: 'center', appearance: 'none', '&::placeholder': { color: 'red' } }} />
      </CacheProvider>,
    );
    const css = rulesOf(screen.getByTestId('styled'));
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('display:flex;');
    expect(css).toContain('appearance:none;');
    expect(css).toContain('::placeholder{color:red;}');
    expect(css).not.toMatch(/-ms-|-moz-|-webkit-box|-webkit-align|-webkit-appearance|-webkit-input-placeholder/);
  });
});
