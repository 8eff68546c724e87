// The route table of the web app. Every route is declared here; signed-in pages are
// wrapped in guards, content pages are loaded on demand.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useMatch, useParams, type RouteObject } from 'react-router-dom';
import Layout from './components/Layout';
import RouteError from './components/RouteError';
import { InlineLoading } from './components/LoadingScreen';
import { AuthModalProvider } from './auth/AuthModal';
import UrlRules from './auth/UrlRules';
import ScrollOnNavigate from './components/ScrollOnNavigate';
import { LanguageFromProfile } from './auth/language-setting';
import { SignedInPage } from './auth/guards';
import { useSession } from './auth/session';
import HomePage from './pages/HomePage';
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
        <LanguageFromProfile />
        <ScrollOnNavigate />
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
const subjectLayout = page(() => import('./pages/subject/SubjectLayout'));

/**
 * A subject's pages are for signed-in students; a visitor who opens its quiz is told, in the
 * spec's words, that quizzes need an account (a visitor's quiz says authentication is required),
 * instead of being sent home.
 */
function SubjectSpace() {
  const { status, signingIn } = useSession();
  const quiz = useMatch('/subject/:subjectId/quiz');
  if (quiz && status === 'signedOut' && !signingIn) return quizSignedOut;
  return signedIn(subjectLayout);
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
          { path: '/subjects', element: signedIn(page(() => import('./pages/SubjectsPage'))) },
          { path: '/how-it-works', element: page(() => import('./pages/HowItWorksPage')) },
          { path: '/faq', element: page(() => import('./pages/FaqPage')) },
          { path: '/privacy', element: page(() => import('./pages/PrivacyPage')) },
          { path: '/cookies', element: page(() => import('./pages/CookiesPage')) },
          { path: '/contact', element: page(() => import('./pages/ContactPage')) },
          { path: '/reminders/unsubscribe', element: page(() => import('./pages/UnsubscribeRemindersPage')) },
          { path: '/offre-de-rentree', element: page(() => import('./pages/PromoPage')) },
          { path: '/profile', element: signedIn(page(() => import('./pages/profile/ProfilePage')), false) },
          { path: '/my-podcasts', element: signedIn(page(() => import('./pages/MyPodcastsPage'))) },
          { path: '/goals', element: signedIn(page(() => import('./pages/GoalsPage'))) },
          {
            // The subject tab bar over every page of a subject.
            path: '/subject/:subjectId',
            element: <SubjectSpace />,
            children: [
              { index: true, element: page(() => import('./pages/subject/SubjectPage')) },
              { path: 'upload', element: page(() => import('./pages/subject/UploadPage')) },
              { path: 'files', element: page(() => import('./pages/subject/FilesPage')) },
              { path: 'question', element: page(() => import('./pages/subject/QuestionPage')) },
              { path: 'summary', element: page(() => import('./pages/subject/SummaryPage')) },
              { path: 'quiz', element: page(() => import('./pages/subject/QuizPage')) },
              { path: 'flashcards', element: page(() => import('./pages/subject/FlashcardsPage')) },
              { path: 'podcast', element: page(() => import('./pages/subject/PodcastPage')) },
              { path: 'schedule', element: page(() => import('./pages/subject/SchedulePage')) },
              { path: 'todos', element: page(() => import('./pages/subject/TodosPage')) },
              { path: 'stats', element: page(() => import('./pages/subject/StatsPage')) },
              { path: 'exam', element: page(() => import('./pages/subject/ExamPage')) },
              { path: 'coach', element: page(() => import('./pages/subject/CoachPage')) },
              { path: 'case', element: page(() => import('./pages/subject/CasePage')) },
              { path: 'conversations', element: <ConversationsRedirect /> },
            ],
          },
          { path: '/onboarding', element: signedIn(page(() => import('./pages/OnboardingPage')), false) },
          { path: '/onboarding/pricing', element: signedIn(page(() => import('./pages/OnboardingPricingPage')), false) },
          { path: '/auth/callback', element: page(() => import('./pages/AuthCallbackPage')) },
          { path: '/reset-password', element: page(() => import('./pages/ResetPasswordPage')) },
          { path: '*', element: page(() => import('./pages/NotFoundPage')) },
        ],
      },
    ],
  },
];

// Created at the first render, not on import: the build renders `routes` in Node (prerender.tsx).
let router: ReturnType<typeof createBrowserRouter> | undefined;

export default function App() {
  router ??= createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}
