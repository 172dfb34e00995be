import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { cn } from '#web/utils/cn.ts';

interface PageHeaderProps {
  title: ReactNode;
  /** The page's name in the tab when it is not its heading. */
  documentTitle?: string;
  description?: ReactNode;
  /** Buttons or links on the right (below the title on small screens). */
  actions?: ReactNode;
  className?: string;
}

/** The title block of a dashboard page: the page's one <h1>. */
export function PageHeader({ title, documentTitle, description, actions, className }: PageHeaderProps) {
  // The page's title in the tab too, when it is text.
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <header className={cn('flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
        {description && <p className="text-sm text-muted text-pretty">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
