// The five answer modes (course, concise, detailed, exercise, step by step) as a radio group: each
// with its name and what it gives. On a
// phone the cards shrink to their names and the chosen mode's explanation shows underneath.
import { useId } from 'react';
import { ANSWER_MODES, type AnswerMode } from '../../api/study';
import { useI18n, type MessageKey } from '../../i18n';

export const modeLabel: Record<AnswerMode, MessageKey> = {
  course: 'mode.course',
  concise: 'mode.concise',
  detailed: 'mode.detailed',
  exercise: 'mode.exercise',
  step_by_step: 'mode.step_by_step',
};

const modeHelp: Record<AnswerMode, MessageKey> = {
  course: 'mode.course.desc',
  concise: 'mode.concise.desc',
  detailed: 'mode.detailed.desc',
  exercise: 'mode.exercise.desc',
  step_by_step: 'mode.step_by_step.desc',
};

interface ModePickerProps {
  value: AnswerMode | null;
  onChange(mode: AnswerMode): void;
  invalid?: boolean;
  disabled?: boolean;
}

export default function ModePicker({ value, onChange, invalid, disabled }: ModePickerProps) {
  const { t } = useI18n();
  const ids = useId();
  return (
    <fieldset className={`mode-picker${invalid ? ' invalid' : ''}`} disabled={disabled}>
      <legend className="mode-legend">{t('question.modeLegend')}</legend>
      <div className="mode-grid">
        {ANSWER_MODES.map((mode) => (
          <div key={mode} className={`mode-card${value === mode ? ' checked' : ''}`}>
            <input
              type="radio"
              id={`${ids}-${mode}`}
              name={`${ids}-mode`}
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
              aria-describedby={`${ids}-${mode}-desc`}
            />
            <label htmlFor={`${ids}-${mode}`} className="mode-name">
              {t(modeLabel[mode])}
            </label>
            <span id={`${ids}-${mode}-desc`} className="mode-desc">
              {t(modeHelp[mode])}
            </span>
          </div>
        ))}
      </div>
      {value && (
        <p className="mode-current-desc" aria-hidden="true">
          {t(modeHelp[value])}
        </p>
      )}
    </fieldset>
  );
}
