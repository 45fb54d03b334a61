import { signOut } from '@shop/platform';
import { Button } from '@shop/ui';
import { useState } from 'react';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    const result = await signOut({ callbackUrl: '/' });
    window.location.assign(result.url || '/');
  };
  return (
    <Button onClick={() => void leave()} disabled={busy}>
      Sign out
    </Button>
  );
}
