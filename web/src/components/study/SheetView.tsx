// A revision sheet: its title, the sections with their headings and
// lines, then the definitions, formulas, key dates and key points, every line with the pages it
// cites. Printable as it is (study.css has the print rules).
import type { CitedText, Sheet } from '../../api/study';
import { useI18n, type MessageKey } from '../../i18n';
import Citations from './Citations';
import MathText from './MathText';

function Lines({ subjectId, lines, className }: { subjectId: string; lines: readonly CitedText[]; className?: string }) {
  return (
    <ul className={`sheet-lines${className ? ` ${className}` : ''}`}>
      {lines.map((line, i) => (
        <li key={i}>
          <MathText text={line.text} />
          <Citations subjectId={subjectId} citations={line.citations} />
        </li>
      ))}
    </ul>
  );
}

const extras: { key: 'definitions' | 'formulas' | 'key_dates' | 'key_points'; title: MessageKey; className: string }[] = [
  { key: 'definitions', title: 'sheet.definitions', className: 'sheet-definitions' },
  { key: 'formulas', title: 'sheet.formulas', className: 'sheet-formulas' },
  { key: 'key_dates', title: 'sheet.keyDates', className: 'sheet-dates' },
  { key: 'key_points', title: 'sheet.keyPoints', className: 'sheet-points' },
];

export default function SheetView({ subjectId, sheet, source }: { subjectId: string; sheet: Sheet; source?: string }) {
  const { t } = useI18n();
  return (
    <article className="sheet" aria-labelledby="sheet-title" data-testid="sheet">
      <header className="sheet-head">
        <p className="eyebrow">{t('sheet.eyebrow')}</p>
        <h2 id="sheet-title" className="sheet-title">
          {sheet.title}
        </h2>
        {source && <p className="muted sheet-source">{source}</p>}
      </header>
      {sheet.sections.map((section, i) => (
        <section key={i} className="sheet-section">
          <h3>{section.heading}</h3>
          <Lines subjectId={subjectId} lines={section.lines} />
        </section>
      ))}
      {extras.map(({ key, title, className }) =>
        sheet[key].length > 0 ? (
          <section key={key} className={`sheet-section sheet-box ${className}`}>
            <h3>{t(title)}</h3>
            <Lines subjectId={subjectId} lines={sheet[key]} />
          </section>
        ) : null,
      )}
    </article>
  );
}
