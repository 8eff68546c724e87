// The route table of the web app (spec §2). Every route is declared here; signed-in pages are
// wrapped in guards, content pages are loaded on demand.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useMatch, useParams, type RouteObject } from 'react-router-dom';
import Layout from './components/Layout';
import RouteError from './components/RouteError';
import { InlineLoading } from './components/LoadingScreen';
import { AuthModalProvider } from './auth/AuthModal';
import UrlRules from './auth/UrlRules';
import { SignedInPage } from './auth/guards';
import { useSession } from './auth/session';
import HomePage from './pages/HomePage';
import SubjectsPage from './pages/SubjectsPage';
import OnboardingPage from './pages/OnboardingPage';
import OnboardingPricingPage from './pages/OnboardingPricingPage';
import ProfilePage from './pages/ProfilePage';
import ResetPasswordPage from './pages/ResetPasswordPage';
import AuthCallbackPage from './pages/AuthCallbackPage';
import GoalsPage from './pages/GoalsPage';
import MyPodcastsPage from './pages/MyPodcastsPage';
import NotFoundPage from './pages/NotFoundPage';
import SubjectLayout from './pages/subject/SubjectLayout';
import SubjectPage from './pages/subject/SubjectPage';
import SubjectToolPage from './pages/subject/SubjectToolPage';
import UploadPage from './pages/subject/UploadPage';
import FilesPage from './pages/subject/FilesPage';
import { comingSoonTools } from './pages/subject/tools';
import { UpgradeModalProvider } from './components/UpgradeModal';

const page = (load: () => Promise<{ default: ComponentType }>): ReactNode => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<InlineLoading />}>
      <Page />
    </Suspense>
  );
};

function Root() {
  return (
    <AuthModalProvider>
      <UpgradeModalProvider>
        <UrlRules />
        <Layout />
      </UpgradeModalProvider>
    </AuthModalProvider>
  );
}

function ConversationsRedirect() {
  const { subjectId = '' } = useParams();
  return <Navigate to={`/subject/${encodeURIComponent(subjectId)}/question`} replace />;
}

const signedIn = (element: ReactNode, onboarded = true): ReactNode => <SignedInPage onboarded={onboarded}>{element}</SignedInPage>;

const quizSignedOut = page(() => import('./components/quiz/QuizSignedOut'));

/**
 * A subject's pages are for signed-in students; a visitor who opens its quiz is told, in the
 * spec's words, that quizzes need an account (spec §6), instead of being sent home.
 */
function SubjectSpace() {
  const { status, signingIn } = useSession();
  const quiz = useMatch('/subject/:subjectId/quiz');
  if (quiz && status === 'signedOut' && !signingIn) return quizSignedOut;
  return signedIn(<SubjectLayout />);
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <Outlet />,
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/subjects', element: signedIn(<SubjectsPage />) },
          { path: '/how-it-works', element: page(() => import('./pages/HowItWorksPage')) },
          { path: '/faq', element: page(() => import('./pages/FaqPage')) },
          { path: '/privacy', element: page(() => import('./pages/PrivacyPage')) },
          { path: '/cookies', element: page(() => import('./pages/CookiesPage')) },
          { path: '/contact', element: page(() => import('./pages/ContactPage')) },
          { path: '/offre-de-rentree', element: page(() => import('./pages/PromoPage')) },
          { path: '/profile', element: signedIn(<ProfilePage />, false) },
          { path: '/my-podcasts', element: signedIn(<MyPodcastsPage />) },
          { path: '/goals', element: signedIn(<GoalsPage />) },
          {
            // The subject tab bar over every page of a subject.
            path: '/subject/:subjectId',
            element: <SubjectSpace />,
            children: [
              { index: true, element: <SubjectPage /> },
              { path: 'upload', element: <UploadPage /> },
              { path: 'files', element: <FilesPage /> },
              { path: 'question', element: page(() => import('./pages/subject/QuestionPage')) },
              { path: 'summary', element: page(() => import('./pages/subject/SummaryPage')) },
              { path: 'quiz', element: page(() => import('./pages/subject/QuizPage')) },
              { path: 'flashcards', element: page(() => import('./pages/subject/FlashcardsPage')) },
              { path: 'conversations', element: <ConversationsRedirect /> },
              ...comingSoonTools.map(([tool]) => ({ path: tool, element: <SubjectToolPage key={tool} tool={tool} /> })),
            ],
          },
          { path: '/onboarding', element: signedIn(<OnboardingPage />, false) },
          { path: '/onboarding/pricing', element: signedIn(<OnboardingPricingPage />, false) },
          { path: '/auth/callback', element: <AuthCallbackPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export default function App() {
  return <RouterProvider router={router} />;
}
