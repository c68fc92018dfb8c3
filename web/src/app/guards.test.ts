import { describe, expect, it } from 'vitest';
import en from '@/locales/en-US/common.json';
import es from '@/locales/es/common.json';

const router = Object.values(import.meta.glob<string>('./router.tsx', { query: '?raw', import: 'default', eager: true }))[0]!;

describe('RequireAction', () => {
  it('has a sentence in both languages for every action a route requires, said when a member may not open it', () => {
    const actions = [...router.matchAll(/RequireAction action="([a-z.-]+)"/g)].map((match) => match[1]!);
    expect(actions.length).toBeGreaterThan(5);
    for (const texts of [en, es]) {
      const said = texts.permissions.actions as Record<string, string>;
      expect(actions.filter((action) => !said[action])).toEqual([]);
      expect(texts.permissions.cannotInGroup).toContain('{{what}}');
    }
  });
});
