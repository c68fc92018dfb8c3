import { Fragment } from 'react';

/**
 * An e-mail address that wraps before its "@" and its dots when a line is too narrow, instead of
 * in the middle of a word; a single part longer than the line still breaks (overflow-wrap on the
 * parent does that).
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
