import { Fragment } from 'react';
import { cn } from '#web/utils/cn.ts';

/**
 * An email address that, when it must wrap (narrow tables), wraps after the "@" rather
 * than in the middle of a word.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.indexOf('@');
  return (
    <span className={cn('wrap-anywhere', className)}>
      {at < 0 ? (
        email
      ) : (
        <Fragment>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </Fragment>
      )}
    </span>
  );
}
