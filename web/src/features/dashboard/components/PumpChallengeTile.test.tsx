import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiUrl, server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { PumpChallengeTile } from './PumpChallengeTile';

const challenge = {
  id: 7,
  cardNumber: '7071000000000001234',
  unitNumber: '123',
  stationId: 512,
  stationName: "Love's #512",
  authorizationId: 'a1',
  question: "Are you fueling unit 123 at Love's #512? Yes / No",
  createdAt: '2026-12-06T12:00:00Z',
  expiresAt: '2026-12-06T12:10:00Z',
};

describe('pump challenge', () => {
  it('asks the driver and sends Yes', async () => {
    let answered: unknown;
    server.use(
      http.get(apiUrl('/wex/challenges'), () => HttpResponse.json({ value: answered ? [] : [challenge] })),
      http.post(apiUrl('/wex/challenges/7'), async ({ request }) => {
        answered = await request.json();
        return HttpResponse.json({ ...challenge, answer: 'yes' });
      }),
    );
    const { user } = renderWithProviders(<PumpChallengeTile />);
    expect(await screen.findByTestId('pump-challenge')).toHaveTextContent("Are you fueling unit 123 at Love's #512?");
    expect(screen.getByTestId('pump-check-privacy')).toHaveTextContent("your truck's position");
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByTestId('pump-challenge')).toBeNull());
    expect(answered).toEqual({ answer: 'yes' });
  });
});
