// The seven education levels of the profile, with translated labels.
import { educationLevels, type EducationLevel } from '@core/profile.js';
import { useI18n } from '../i18n';

interface Props {
  id: string;
  value: EducationLevel | '';
  onChange(level: EducationLevel | ''): void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
}

export default function EducationLevelSelect({ id, value, onChange, placeholder, invalid, describedBy }: Props) {
  const { t } = useI18n();
  return (
    <select
      id={id}
      className="select"
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value as EducationLevel | '')}
    >
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {educationLevels.map((level) => (
        <option key={level} value={level}>
          {t(`level.${level}`)}
        </option>
      ))}
    </select>
  );
}
