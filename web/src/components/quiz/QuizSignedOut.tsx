// What a visitor sees at `/subject/{id}/quiz`: quizzes need an account, said in the product's words
// ('Authentication Required - Please log in to access quizzes.'), with the way to log in (back to
// this page afterwards).
import { useLocation } from 'react-router-dom';
import { useAuthModal } from '../../auth/AuthModal';
import { Icon } from '../ContentParts';
import { usePageTitle } from '../usePageTitle';
import { useI18n } from '../../i18n';
import '../../styles/study.css';
import '../../styles/quiz.css';

export default function QuizSignedOut() {
  const { t } = useI18n();
  const location = useLocation();
  const authModal = useAuthModal();
  usePageTitle(t('tool.quiz'));
  return (
    <div className="container page page-narrow">
      <section className="card quiz-auth" aria-labelledby="quiz-auth-title">
        <span className="study-empty-icon" aria-hidden="true">
          <Icon name="lock" />
        </span>
        <h1 id="quiz-auth-title">{t('tool.quiz')}</h1>
        <p className="alert alert-warning" role="alert">
          {t('quiz.authRequired')}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => authModal.open('login', { next: `${location.pathname}${location.search}` })}>
          {t('nav.login')}
        </button>
      </section>
    </div>
  );
}
