import { expect, it } from 'vitest';
import { chainLogoUrl, optionsByValue } from './chains';
import { DEFAULT_CHAIN_LOGO } from './constants';

const chains = optionsByValue([
  { value: 'PILOT', label: 'Pilot', imageUrl: '/api/locations/logos/PILOT.svg' },
  { value: 'AMBEST', label: 'AMBEST', imageUrl: '/api/locations/logos/AMBEST.svg' },
]);

it.each([
  ['PILOT', '/api/locations/logos/PILOT.svg'],
  ['AMBEST', DEFAULT_CHAIN_LOGO],
  [null, DEFAULT_CHAIN_LOGO],
  ['', DEFAULT_CHAIN_LOGO],
  ['SHELL', '/api/locations/logos/SHELL.svg'],
])('uses the right logo for chain %s', (chain, expected) => {
  expect(chainLogoUrl(chain, chains)).toBe(expected);
});
