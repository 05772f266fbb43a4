/**
 * Sign-in failures land on `/?login=failed` (the server refused the Steam assertion or it expired).
 * Say so plainly, offer another try, and drop the flag from the URL when dismissed. The notice's
 * code loads only then: every page's layout holds this check, and almost no visit needs the notice.
 */
import { lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LazyPart } from './LazyPart';

const LoginFailedAlert = lazy(() => import('./LoginFailedAlert'));

export function LoginFailedNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  if (searchParams.get('login') !== 'failed') return null;

  const dismiss = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('login');
    setSearchParams(next, { replace: true });
  };

  return (
    <LazyPart name="The sign-in failure notice">
      <LoginFailedAlert onDismiss={dismiss} />
    </LazyPart>
  );
}
