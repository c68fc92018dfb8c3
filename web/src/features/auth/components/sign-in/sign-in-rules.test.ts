import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { signInSchema } from '../../model/schemas';
import { signInErrors } from './sign-in-rules';

/** The zod schema's first message per field. */
function schemaErrors(values: { username: string; password: string }) {
  const result = signInSchema(i18n.t.bind(i18n)).safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('sign-in rules without zod', () => {
  it.each([
    { username: '', password: '' },
    { username: '   ', password: 'secret' },
    { username: 'a@b.co', password: '' },
    { username: 'a@b.co', password: 'ab' },
    { username: '', password: 'a' },
    { username: 'x', password: 'abc' },
    { username: ' x ', password: '   ' },
  ])('give the schema’s messages for %j', (values) => {
    expect(signInErrors(values)).toEqual(schemaErrors(values));
  });
});
