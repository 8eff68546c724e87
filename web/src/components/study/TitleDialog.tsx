// Asks for the title under which something is saved (a conversation), prefilled with a default;
// the error of the save shows in the dialog.
import PromptDialog from '../PromptDialog';
import { TITLE_MAX } from '@core/limits.js';
import { useI18n } from '../../i18n';

interface TitleDialogProps {
  title: string;
  label: string;
  initial: string;
  /** Resolves when saved (the caller closes the dialog); rejects with the message to show. */
  onSave(title: string): Promise<void>;
  onClose(): void;
}

export default function TitleDialog({ title, label, initial, onSave, onClose }: TitleDialogProps) {
  const { t } = useI18n();
  return (
    <PromptDialog
      title={title}
      fields={[{ name: 'text', label, initial: initial.slice(0, TITLE_MAX), maxLength: TITLE_MAX, selectOnFocus: true }]}
      requiredMessage={t('study.titleRequired')}
      onSave={({ text }) => onSave(text)}
      onClose={onClose}
    />
  );
}
