// The avatar button and its dropdown (WAI-ARIA menu button): display name, Dashboard
// link, Sign Out. Arrow keys move between items; Escape closes and returns focus.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Avatar } from '#web/components/ui/avatar.tsx';
import type { ViewerUser } from '#web/lib/auth.ts';
import { cn } from '#web/utils/cn.ts';

interface AccountMenuProps {
  user: ViewerUser;
  dashboardHref: string;
  onSignOut: () => void;
}

const itemClasses = 'flex w-full items-center rounded-md px-3 py-2 text-left text-sm hover:bg-canvas focus-visible:bg-canvas';

export function AccountMenu({ user, dashboardHref, onSignOut }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Account"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex size-10 items-center justify-center rounded-full"
      >
        <Avatar src={user.image} alt="" className="size-9 ring-1 ring-line" />
      </button>
      {open && (
        <div className="card absolute right-0 z-50 mt-2 w-64 max-w-[calc(100vw-1.5rem)] p-2">
          <div className="border-b border-line px-3 pt-1 pb-3">
            <p className="truncate font-semibold text-ink">{user.name}</p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <div id={menuId} ref={menuRef} role="menu" aria-label="Account" className="pt-2" onKeyDown={onMenuKeyDown}>
            <Link role="menuitem" tabIndex={-1} to={dashboardHref} className={cn(itemClasses, 'text-ink')} onClick={() => setOpen(false)}>
              Dashboard
            </Link>
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className={cn(itemClasses, 'text-danger-700')}
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              Sign Out
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
