// The share dialog: Facebook and WhatsApp links carrying the post's absolute address and
// #code (new tab, no opener), and the address itself to copy.
import { useEffect, useId, useState } from 'react';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FacebookIcon, WhatsAppIcon } from '#web/components/ui/brand-icons.tsx';
import { LinkIcon } from '#web/components/ui/forum-icons.tsx';
import { postShareUrl, shareLinks } from '../share-links.ts';

interface ShareDialogProps {
  /** The post to share; the dialog is open while one is given. */
  post: { _id: string; title: string } | null;
  onClose: () => void;
}

const COPIED_MS = 2000;

const shareLinkClasses =
  'flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 font-medium text-ink shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50';

export function ShareDialog({ post, onClose }: ShareDialogProps) {
  const linkId = useId();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  if (!post) return null;
  const url = postShareUrl(post._id);
  const links = shareLinks(post.title, url);

  const copy = () => {
    navigator.clipboard
      ?.writeText(url)
      .then(() => setCopied(true))
      .catch((error: unknown) => console.warn('Could not copy the link', error));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Share this post"
      footer={
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={onClose}>
          Close
        </button>
      }
    >
      <p className="line-clamp-2 font-medium text-ink">{post.title}</p>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        <a href={links.facebook} target="_blank" rel="noopener noreferrer" className={shareLinkClasses}>
          <FacebookIcon className="size-5 text-[#1877F2]" />
          Facebook
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={shareLinkClasses}>
          <WhatsAppIcon className="size-5 text-[#128C7E]" />
          WhatsApp
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <div className="mt-4 space-y-1.5">
        <label htmlFor={linkId} className="block text-sm font-medium text-ink">
          Link
        </label>
        <div className="flex gap-2">
          <input
            id={linkId}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="block min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 py-2 text-sm text-ink"
          />
          <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={copy}>
            <LinkIcon className="size-4" />
            <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
          </button>
        </div>
      </div>
    </Dialog>
  );
}
