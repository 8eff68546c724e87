// A small radio group drawn as cards (name and what it means), as the answer-mode picker draws
// its modes: the quiz's difficulty and question type. Arrow keys move between the cards.
import { useId } from 'react';
import { useI18n, type MessageKey } from '../../i18n';

export interface Choice<T extends string> {
  value: T;
  label: MessageKey;
  description: MessageKey;
}

interface ChoiceCardsProps<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange(value: T): void;
  disabled?: boolean;
}

export default function ChoiceCards<T extends string>({ legend, choices, value, onChange, disabled }: ChoiceCardsProps<T>) {
  const { t } = useI18n();
  const ids = useId();
  return (
    <fieldset className="quiz-choices" disabled={disabled}>
      <legend className="mode-legend">{legend}</legend>
      <div className="quiz-choice-grid" style={{ ['--choices' as string]: choices.length }}>
        {choices.map((choice) => (
          <div key={choice.value} className={`mode-card${value === choice.value ? ' checked' : ''}`}>
            <input
              type="radio"
              id={`${ids}-${choice.value}`}
              name={`${ids}-choice`}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-describedby={`${ids}-${choice.value}-desc`}
            />
            <label htmlFor={`${ids}-${choice.value}`} className="mode-name">
              {t(choice.label)}
            </label>
            <span id={`${ids}-${choice.value}-desc`} className="mode-desc">
              {t(choice.description)}
            </span>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
