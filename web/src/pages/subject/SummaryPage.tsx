// `/subject/{subjectId}/summary`: a revision sheet of the whole subject or of one ready file, every
// line citing its page. Saving a sheet is for Premium (summary_save): the lock shows up
// front and the server's refusal opens the upgrade modal. Saved sheets are listed beside it, to
// reopen or delete; any sheet prints cleanly. The sheet on screen is named in the URL (`?sheet=`),
// so a citation's page and Back lead to the same sheet.
import { useId, useState } from 'react';
import type { Subject } from '../../api/subjects';
import { studyApi, type SheetRecord } from '../../api/study';
import { Icon } from '../../components/ContentParts';
import { FormFeedback } from '../../components/FormFeedback';
import SavedItemsPanel, { useSavedItems } from '../../components/study/SavedItemsPanel';
import SheetView from '../../components/study/SheetView';
import { ComposerFoot, FileField, LoadingLine, NoFilesHint, SavedBadge, StudyEmpty, StudyHead, submitWith } from '../../components/study/StudyParts';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { usePremiumSave } from '../../components/study/usePremiumSave';
import { useSubjectFiles } from '../../components/study/useSubjectFiles';
import { useUrlRecord } from '../../components/study/useUrlRecord';
import { useI18n } from '../../i18n';
import { studyPage, subjectPath } from './SubjectLayout';
import '../../styles/study.css';

const WHOLE_SUBJECT = '';

export default studyPage('summary', SummaryWorkspace);

function SummaryWorkspace({ subject }: { subject: Subject }) {
  const { t } = useI18n();
  const ids = useId();
  const subjectId = subject.id;
  const allowance = useFeatureUsage('summary_generation');
  const { files, ready, processing, settled } = useSubjectFiles(subjectId);
  const saved = useSavedItems('sheet', subjectId);
  const errorText = useErrorText();

  const [scope, setScope] = useState(WHOLE_SUBJECT);
  const [sheet, setSheet] = useState<SheetRecord | null>(null);
  const [generating, setGenerating] = useState(false);
  const premiumSave = usePremiumSave();
  const { saving } = premiumSave;
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const record = useUrlRecord('sheet', (id) => studyApi.sheet(subjectId, id), {
    start: () => {
      setProblem(null);
      setNotice(null);
      setSheet(null);
    },
    loaded: (found) => {
      setSheet(found);
      setScope(found.file_id ?? WHOLE_SUBJECT);
    },
    failed: (err) => setProblem(errorText(err)),
  });
  const { opening } = record;

  const generate = async () => {
    if (generating) return;
    setGenerating(true);
    setProblem(null);
    setNotice(null);
    try {
      const res = await studyApi.generateSheet(subjectId, scope || undefined);
      setSheet(res.sheet);
      allowance.setUsage(res.usage);
      record.show(res.sheet.id);
    } catch (err) {
      if (!allowance.capped(err)) setProblem(errorText(err));
    } finally {
      setGenerating(false);
    }
  };

  const save = () => {
    if (!sheet) return;
    setProblem(null);
    return premiumSave.run(
      async () => {
        const done = await studyApi.saveSheet(subjectId, sheet.id);
        setSheet((s) => (s && s.id === done.id ? { ...s, ...done } : s));
        saved.put(done);
        setNotice(t('summary.savedNotice'));
      },
      (err) => setProblem(errorText(err)),
    );
  };

  const open = (id: string) => {
    if (id !== sheet?.id) record.open(id);
  };

  const forget = (target: { id: string }) => {
    if (target.id !== sheet?.id) return;
    setSheet(null);
    setNotice(null);
    record.clear();
  };

  const sourceOf = (shown: SheetRecord) => {
    if (!shown.file_id) return t('summary.sourceSubject', { subject: subject.name });
    const file = files?.find((f) => f.id === shown.file_id);
    return file ? t('summary.sourceFile', { file: file.display_name }) : null;
  };

  /** Until the allowance is known, or when it cannot be read, saving is offered (unchecked: available). */
  const locked = premiumSave.refused || allowance.premium?.summary_save === false;

  return (
    <div className="study-layout">
      <section className="study-main" aria-labelledby="summary-title">
        <StudyHead id="summary-title" title={t('tool.summary')} intro={t('summary.intro')} className="no-print" />

        <form className="composer sheet-form no-print" onSubmit={submitWith(generate)}>
          <FileField
            id={`${ids}-scope`}
            label={t('summary.scopeLabel')}
            files={ready}
            firstOption={t('summary.scopeSubject')}
            value={scope}
            onChange={(e) => setScope(e.target.value)}
            disabled={generating}
          >
            {settled && ready.length === 0 && <NoFilesHint processing={processing} uploadHref={subjectPath(subjectId, 'upload')} />}
          </FileField>
          <ComposerFoot
            usage={allowance.usage}
            words="summary"
            busy={generating}
            icon="sparkles"
            label={generating ? t('summary.generating') : t('summary.generate')}
          />
        </form>

        <FormFeedback error={problem} />

        {(generating || opening) && <LoadingLine text={generating ? t('summary.generatingLong') : t('summary.opening')} />}

        {sheet && !generating && (
          <div className="sheet-card">
            <div className="sheet-toolbar no-print">
              {sheet.saved ? (
                <SavedBadge text={t('summary.saved')} testId="sheet-saved" />
              ) : (
                <button type="button" className={`btn btn-sm ${locked ? 'btn-secondary btn-locked' : 'btn-primary'}`} onClick={() => void save()} disabled={saving}>
                  {locked && <Icon name="lock" />}
                  {saving ? t('common.saving') : locked ? t('summary.saveLocked') : t('summary.save')}
                </button>
              )}
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => window.print()}>
                <Icon name="sheet" />
                {t('summary.print')}
              </button>
              {!sheet.saved && locked && <p className="hint sheet-lock-hint">{t('summary.lockedHint')}</p>}
            </div>
            {notice && (
              <div className="no-print">
                <FormFeedback success={notice} />
              </div>
            )}
            <SheetView subjectId={subjectId} sheet={sheet.content} source={sourceOf(sheet) ?? undefined} />
          </div>
        )}

        {!sheet && !generating && !opening && <StudyEmpty icon="sheet" text={t('summary.empty')} className="no-print" />}
      </section>

      <SavedItemsPanel saved={saved} currentId={sheet?.id} onOpen={(s) => open(s.id)} onDeleted={forget} locked={locked} className="no-print" />
    </div>
  );
}
