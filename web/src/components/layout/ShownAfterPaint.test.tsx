import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShownAfterPaint } from './ShownAfterPaint';

describe('ShownAfterPaint', () => {
  it('renders nothing at first, then its parts in order, one after each frame; a part left out is none', async () => {
    const hidden = Number(new Date(0)) === 1;
    render(
      <ShownAfterPaint>
        <p>first</p>
        {hidden && <p>never</p>}
        <p>second</p>
      </ShownAfterPaint>,
    );
    expect(screen.queryByText('first')).not.toBeInTheDocument();
    expect(await screen.findByText('first')).toBeInTheDocument();
    expect(await screen.findByText('second')).toBeInTheDocument();
    expect(screen.queryByText('never')).not.toBeInTheDocument();
  });
});
