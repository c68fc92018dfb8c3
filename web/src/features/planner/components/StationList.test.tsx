import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StationList } from './StationList';

const items = Array.from({ length: 50 }, (_, index) => ({ key: index, height: 100 }));

describe('StationList', () => {
  it('draws the cards in view first and those around them after the first paint', async () => {
    // jsdom measures no layout: the list takes a 900 px view; cards are 100 px apart by 12.
    render(<StationList aria-label="Stations" items={items} renderItem={(item) => <span>card {item.key}</span>} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(9);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
  });
});
