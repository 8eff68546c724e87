// Route `/`: the landing page for visitors; signed in, a redirect to /subjects, unless
// `?newSubject=true`, which shows the new-subject screen.
import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../auth/session';
import { RequireOnboarded } from '../auth/guards';
import { InlineLoading } from '../components/LoadingScreen';
import LandingPage from './LandingPage';

// The landing page is the first paint of most visits: it is part of the start-up chunk.
const NewSubjectPage = lazy(() => import('./NewSubjectPage'));

export default function HomePage() {
  const { status, signingIn } = useSession();
  const [params] = useSearchParams();

  if (status === 'loading') return <InlineLoading />;
  // While the login modal finishes a sign-in, the landing page stays: the modal takes the student
  // where they go (onboarding, or the page they wanted).
  if (status === 'signedIn' && !signingIn) {
    if (params.get('newSubject') === 'true') {
      return (
        <RequireOnboarded>
          <Suspense fallback={<InlineLoading />}>
            <NewSubjectPage />
          </Suspense>
        </RequireOnboarded>
      );
    }
    return <Navigate to="/subjects" replace />;
  }
  return <LandingPage />;
}
