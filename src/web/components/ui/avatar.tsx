import { useState } from 'react';
import { DEFAULT_AVATAR } from '#shared/constants.ts';
import { cn } from '#web/utils/cn.ts';

interface AvatarProps {
  src: string | null | undefined;
  /** Empty when the surrounding control already names the person. */
  alt: string;
  /** Size and ring (default `size-10 ring-1 ring-line`) plus any placement. */
  className?: string;
}

/** A round photo that falls back to the default avatar when missing or broken. */
export function Avatar({ src, alt, className = 'size-10 ring-1 ring-line' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src && src !== failedSrc ? src : DEFAULT_AVATAR;
  return (
    <img
      src={url}
      alt={alt}
      onError={() => {
        if (url !== DEFAULT_AVATAR) setFailedSrc(url);
      }}
      className={cn('rounded-full bg-canvas object-cover', className)}
      referrerPolicy="no-referrer"
    />
  );
}
