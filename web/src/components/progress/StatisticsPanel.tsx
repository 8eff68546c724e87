// Statistics of a subject (`/subject/{id}/stats`) or of the whole account (`/goals`):
// time ranges of 7 days, 30 days and all history; study time per day, quiz score over
// time and by difficulty, the open answers' average, cards reviewed per day and the flashcards'
// retention (predicted and actual), the pages most missed (each opens the viewer there) and the
// files not yet studied (pages the plan still has to read, the first one a link to the viewer).
// "Answered" and "studied" are the server's words: questions passed or left blank are shown apart,
// never among the answers. Detailed statistics are Premium (`statistics_access`): the server answers a free
// account `premium_only`, and this panel then shows the 7-day summary and the way to Premium. The
// plan is read first (`GET /usage`): a free student's panel never asks for what it knows will be
// refused. The retention note says what it counts (reviews of cards already seen), so that it
// never seems to contradict the number of cards reviewed.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { progressApi, type Statistics, type StatRange, type StatsSummary } from '../../api/progress';
import { citationHref, studyApi } from '../../api/study';
import { useI18n } from '../../i18n';
import { InlineLoading } from '../LoadingScreen';
import RetryAlert from '../RetryAlert';
import { useUpgradeModal } from '../UpgradeModal';
import type { ChartProps } from './Chart';
import { formatDay, formatMinutes, formatPercent } from './format';
import '../../styles/progress.css';

const Chart = lazy(() => import('./Chart'));

const RANGES: readonly StatRange[] = ['7d', '30d', 'all'];

type State =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'detailed'; stats: Statistics }
  | { kind: 'summary'; summary: StatsSummary; message: string | null };

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId?: string }) {
  return (
    <div className="stats-figure" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className="stats-figure-value">{value}</span>
        {detail && <span className="stats-figure-detail">{detail}</span>}
      </dd>
    </div>
  );
}

/** A chart with its table: the canvas for the eye, the same figures as a table for screen readers. */
function ChartFigure({ title, columns, rows, chart }: { title: string; columns: [string, string]; rows: [string, string][]; chart: Omit<ChartProps, 'name'> }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <figure className="stats-chart card" aria-labelledby={id}>
      <figcaption id={id} className="stats-chart-title">
        {title}
      </figcaption>
      <Suspense fallback={<p className="hint stats-chart-canvas">{t('stats.chartLoading')}</p>}>
        <Chart {...chart} name={title} />
      </Suspense>
      {/* A table cannot be narrower than its content: the box around it hides it. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([a, b]) => (
              <tr key={a}>
                <th scope="row">{a}</th>
                <td>{b}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** "1 sur 4 questions", and the questions passed or left blank when there are any. */
const quizDetail = (t: ReturnType<typeof useI18n>['t'], quiz: { correct: number; answered: number; skipped: number }) =>
  t(quiz.skipped > 0 ? 'stats.quizAnsweredSkipped' : 'stats.quizAnswered', { correct: quiz.correct, answered: quiz.answered, skipped: quiz.skipped });

function Summary({ summary, message }: { summary: StatsSummary; message: string | null }) {
  const { t } = useI18n();
  const upgrade = useUpgradeModal();
  const percent = summary.quiz.answered ? Math.round((summary.quiz.correct / summary.quiz.answered) * 100) : null;
  return (
    <section className="stack" aria-labelledby="stats-summary-title" data-testid="stats-summary">
      <h3 id="stats-summary-title">{t('stats.summaryTitle')}</h3>
      <dl className="stats-figures">
        <Figure label={t('stats.totalTime')} value={formatMinutes(t, summary.total_minutes)} />
        <Figure
          label={t('stats.quizScore')}
          value={formatPercent(t, percent)}
          detail={quizDetail(t, summary.quiz)}
        />
        <Figure label={t('stats.reviews')} value={String(summary.reviews)} />
      </dl>
      <div className="soon-note" role="note">
        <span className="badge">Premium</span>
        <p style={{ margin: 0 }}>{t('stats.freeNote')}</p>
      </div>
      <div>
        <button type="button" className="btn btn-primary" onClick={() => upgrade.open(message ?? t('stats.premiumOnly'))}>
          {t('stats.seePremium')}
        </button>
      </div>
    </section>
  );
}

function Detailed({ stats, subjectId }: { stats: Statistics; subjectId: string | null }) {
  const { t, lang } = useI18n();
  const day = (d: string) => formatDay(lang, d, 'numeric');
  const reviewsByDay = new Map(stats.reviews.by_day.map((r) => [r.date, r.count]));
  const { retention } = stats.reviews;
  return (
    <div className="stack">
      <dl className="stats-figures">
        <Figure label={t('stats.totalTime')} value={formatMinutes(t, stats.total_minutes)} testId="stats-total-time" />
        <Figure
          label={t('stats.quizScore')}
          value={formatPercent(t, stats.quiz.percent)}
          detail={quizDetail(t, stats.quiz)}
          testId="stats-quiz"
        />
        <Figure label={t('stats.reviews')} value={String(stats.reviews.total)} testId="stats-reviews" />
        <Figure label={t('stats.openAverage')} value={stats.quiz.open_average === null ? t('stats.none') : `${Math.round(stats.quiz.open_average)}/100`} />
      </dl>

      <div className="stats-charts">
        <ChartFigure
          title={t('stats.chart.study')}
          columns={[t('stats.table.date'), t('stats.table.minutes')]}
          rows={stats.study.map((d) => [formatDay(lang, d.date), String(d.minutes)])}
          chart={{ kind: 'bars', labels: stats.study.map((d) => day(d.date)), values: stats.study.map((d) => d.minutes), color: '#5b4cf0' }}
        />
        <ChartFigure
          title={t('stats.chart.quiz')}
          columns={[t('stats.table.date'), t('stats.table.percent')]}
          rows={stats.quiz.by_day.map((d) => [formatDay(lang, d.date), `${d.percent} % (${d.correct}/${d.answered})`])}
          chart={{ kind: 'line', labels: stats.quiz.by_day.map((d) => day(d.date)), values: stats.quiz.by_day.map((d) => d.percent), color: '#137a4b', max: 100 }}
        />
        <ChartFigure
          title={t('stats.chart.reviews')}
          columns={[t('stats.table.date'), t('stats.table.reviews')]}
          rows={stats.study.map((d) => [formatDay(lang, d.date), String(reviewsByDay.get(d.date) ?? 0)])}
          chart={{ kind: 'bars', labels: stats.study.map((d) => day(d.date)), values: stats.study.map((d) => reviewsByDay.get(d.date) ?? 0), color: '#d97706' }}
        />
      </div>

      <div className="stats-columns">
        <section className="card stack" aria-labelledby="stats-difficulty">
          <h3 id="stats-difficulty">{t('stats.difficultyTitle')}</h3>
          <dl className="stats-figures">
            {(['easy', 'hard'] as const).map((d) => (
              <Figure
                key={d}
                label={t(`stats.difficulty.${d}`)}
                value={formatPercent(t, stats.quiz.by_difficulty[d].percent)}
                detail={t('stats.quizAnswered', { correct: stats.quiz.by_difficulty[d].correct, answered: stats.quiz.by_difficulty[d].answered })}
              />
            ))}
          </dl>
        </section>
        <section className="card stack" aria-labelledby="stats-retention">
          <h3 id="stats-retention">{t('stats.retentionTitle')}</h3>
          <dl className="stats-figures">
            <Figure label={t('stats.retention.predicted')} value={formatPercent(t, retention.predicted === null ? null : Math.round(retention.predicted * 100))} />
            <Figure label={t('stats.retention.actual')} value={formatPercent(t, retention.actual === null ? null : Math.round(retention.actual * 100))} />
          </dl>
          <p className="hint" data-testid="stats-retention-note">
            {retention.reviews > 0 ? t('stats.retention.note', { count: retention.reviews }) : t('stats.retention.noneYet')}
          </p>
        </section>
      </div>

      <div className="stats-columns">
        <section className="card stack" aria-labelledby="stats-missed">
          <h3 id="stats-missed">{t('stats.missedTitle')}</h3>
          {stats.missed.length === 0 ? (
            <p className="muted">{t('stats.missedEmpty')}</p>
          ) : (
            <ol className="stats-list" data-testid="stats-missed">
              {stats.missed.slice(0, 10).map((m) => {
                const text = t('stats.missedItem', { file: m.file_name, page: m.page, count: m.misses });
                return (
                  <li key={`${m.file_id}#${m.page}`}>
                    {subjectId ? <Link to={citationHref(subjectId, m)}>{text}</Link> : text}
                    {m.topics[0] && <span className="hint stats-topic">{m.topics[0]}</span>}
                  </li>
                );
              })}
            </ol>
          )}
        </section>
        <section className="card stack" aria-labelledby="stats-unstudied">
          <h3 id="stats-unstudied">{t('stats.unstudiedTitle')}</h3>
          {stats.unstudied_files.length === 0 ? (
            <p className="muted">{t('stats.unstudiedEmpty')}</p>
          ) : (
            <ul className="stats-list">
              {stats.unstudied_files.map((f) => {
                const text = t('stats.unstudiedItem', { name: f.name, unread: f.unread_pages, pages: f.page_count });
                return <li key={f.file_id}>{subjectId ? <Link to={citationHref(subjectId, { file_id: f.file_id, page: f.first_unread_page })}>{text}</Link> : text}</li>;
              })}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

export default function StatisticsPanel({ subjectId }: { subjectId: string | null }) {
  const { t } = useI18n();
  const [range, setRange] = useState<StatRange>('7d');
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const free = state.kind === 'summary';
  // Whether the plan includes detailed statistics: read once (null: unknown, then the server says).
  const plan = useRef<Promise<boolean | null> | null>(null);

  useEffect(() => {
    let alive = true;
    const load = async (): Promise<State> => {
      plan.current ??= studyApi.usage().then(
        (u) => u.premium.statistics_access,
        () => null,
      );
      if ((await plan.current) === false) return { kind: 'summary', summary: await progressApi.summary(subjectId), message: null };
      try {
        return { kind: 'detailed', stats: await progressApi.stats(subjectId, range) };
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== 'premium_only') throw err;
        return { kind: 'summary', summary: await progressApi.summary(subjectId), message: err.message };
      }
    };
    load().then(
      (next) => alive && setState(next),
      () => alive && setState({ kind: 'error' }),
    );
    return () => {
      alive = false;
    };
  }, [subjectId, range, attempt]);

  return (
    <div className="stack" data-testid="statistics">
      {!free && (
        <fieldset className="stats-ranges">
          <legend className="visually-hidden">{t('stats.range')}</legend>
          <div className="choice-row">
            {RANGES.map((r) => (
              <label key={r} className="choice">
                <input type="radio" name={`range-${subjectId ?? 'all'}`} value={r} checked={range === r} onChange={() => setRange(r)} />
                <span>{t(`stats.range.${r}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {state.kind === 'loading' && <InlineLoading />}
      {state.kind === 'error' && <RetryAlert message={t('stats.loadError')} onRetry={() => setAttempt((n) => n + 1)} />}
      {state.kind === 'summary' && <Summary summary={state.summary} message={state.message} />}
      {state.kind === 'detailed' && <Detailed stats={state.stats} subjectId={subjectId} />}
    </div>
  );
}
