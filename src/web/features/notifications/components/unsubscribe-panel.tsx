// What a notification mail's unsubscribe link opens: it names the setting it will turn off, and
// one button turns it off (a POST; opening the link changes nothing, since mail scanners open
// links too). No session is needed: the link's token says whose mails stop.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { splitUnsubscribeToken, UNSUBSCRIBE_SETTING } from '#shared/mail-unsubscribe.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form.tsx';
import { paths } from '#web/config/paths.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';
import { SETTING_TEXTS } from './setting-texts.ts';

export const INVALID_UNSUBSCRIBE_LINK_TEXT = 'This unsubscribe link is not valid.';
export const UNSUBSCRIBED_TEXT = 'You are unsubscribed.';

function SettingsLink() {
  return (
    <Link to={paths.dashboard.myProfile.getHref('notificationSettings')} className="font-medium underline">
      notification settings
    </Link>
  );
}

export function UnsubscribePanel({ token }: { token: string | null }) {
  const parts = token === null ? null : splitUnsubscribeToken(token);
  const request = useUnsubscribe();
  // 400: the server did not sign this token (the page can only tell its shape).
  const refused = isApiError(request.error) && request.error.status === 400;
  // The outcome replaces the button, which held the focus: the reader goes on from it.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request.isSuccess || refused) outcome.current?.focus();
  }, [request.isSuccess, refused]);

  if (!token || !parts || refused) {
    return (
      <div
        ref={outcome}
        role="alert"
        tabIndex={-1}
        className="space-y-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-3 text-danger-700 outline-none"
      >
        <p>{INVALID_UNSUBSCRIBE_LINK_TEXT}</p>
        <p>
          Choose which emails you get in your <SettingsLink />.
        </p>
      </div>
    );
  }

  const label = SETTING_TEXTS[UNSUBSCRIBE_SETTING[parts.kind]].label;
  if (request.isSuccess) {
    return (
      <div ref={outcome} role="status" tabIndex={-1} className="space-y-3 rounded-lg border border-line bg-canvas px-3 py-3 outline-none">
        <p>
          {UNSUBSCRIBED_TEXT} “{label}” is now off.
        </p>
        <p>
          To turn it back on, or to change your other emails, go to your <SettingsLink />.
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p>This turns off “{label}” in your notification settings.</p>
      <Button size="lg" className="w-full" isLoading={request.isPending} onClick={() => request.mutate(token)}>
        Unsubscribe
      </Button>
      {request.error && <FormAlert>{request.error.message}</FormAlert>}
    </div>
  );
}
