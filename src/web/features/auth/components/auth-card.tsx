import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

interface AuthCardProps {
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The centred card around the sign-in and sign-up screens. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md px-3 py-8 sm:py-14">
      <div className="card p-5 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-muted">{description}</p>
        <div className="mt-6">{children}</div>
      </div>
      <p className="mt-6 text-center text-sm text-muted">{footer}</p>
    </div>
  );
}
