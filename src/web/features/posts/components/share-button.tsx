import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ShareIcon } from '#web/components/ui/forum-icons.tsx';
import { ShareDialog } from './share-dialog.tsx';

/** "Share" with its dialog (Facebook, WhatsApp, the link). */
export function ShareButton({ post }: { post: { _id: string; title: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <ShareIcon className="size-4" />
        Share
      </Button>
      <ShareDialog post={open ? post : null} onClose={() => setOpen(false)} />
    </>
  );
}
