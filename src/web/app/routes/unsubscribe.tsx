// /unsubscribe?token=… (anyone): the page a notification mail's unsubscribe link opens.
import { useSearchParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { UnsubscribePanel } from '#web/features/notifications/components/unsubscribe-panel.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  useDocumentTitle(paths.unsubscribe.title);
  return (
    <div className="mx-auto w-full max-w-md px-3 py-8 sm:py-14">
      <div className="card p-5 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{paths.unsubscribe.title}</h1>
        <p className="mt-1 text-muted">Stop one kind of notification email.</p>
        <div className="mt-6">
          <UnsubscribePanel token={searchParams.get('token')} />
        </div>
      </div>
    </div>
  );
}
