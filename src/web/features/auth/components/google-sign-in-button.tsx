import { useId } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form.tsx';
import { GoogleIcon } from '#web/components/ui/icons.tsx';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useSignInWithGoogle } from '../api/sign-in-with-google.ts';

interface GoogleSignInButtonProps {
  /** In-app path to land on after Google returns. */
  returnTo: string;
}

export function GoogleSignInButton({ returnTo }: GoogleSignInButtonProps) {
  const { googleEnabled, isPending } = usePublicConfig();
  const signIn = useSignInWithGoogle();
  const noteId = useId();
  const showNote = !isPending && !googleEnabled;
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={!googleEnabled}
        aria-describedby={showNote ? noteId : undefined}
        isLoading={signIn.isPending}
        onClick={() => signIn.mutate(returnTo)}
      >
        <GoogleIcon />
        Login with Google
      </Button>
      {showNote && (
        <p id={noteId} className="text-center text-sm text-muted">
          Google sign-in is not configured on this server.
        </p>
      )}
      {signIn.error && <FormAlert>{signIn.error.message}</FormAlert>}
    </div>
  );
}
