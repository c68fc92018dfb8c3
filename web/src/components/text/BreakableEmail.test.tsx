import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableEmail } from './BreakableEmail';

describe('BreakableEmail', () => {
  it('offers a break before the @ and each dot, and keeps the address whole as text', () => {
    const { container } = render(<BreakableEmail email="very.long.name@fleet.example.com" />);
    expect(container.textContent).toBe('very.long.name@fleet.example.com');
    expect(container.querySelectorAll('wbr')).toHaveLength(5);
  });
});
