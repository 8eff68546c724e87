// Writes or edits a card by hand: its front (a question or a notion) and its back (the answer).
// The error of the save shows in the dialog.
import { CARD_BACK_MAX, CARD_FRONT_MAX } from '@core/limits.js';
import PromptDialog from '../PromptDialog';
import { useI18n } from '../../i18n';

interface CardDialogProps {
  title: string;
  initial?: { front: string; back: string };
  /** Resolves when saved (the caller closes the dialog); rejects with the message to show. */
  onSave(card: { front: string; back: string }): Promise<void>;
  onClose(): void;
}

export default function CardDialog({ title, initial, onSave, onClose }: CardDialogProps) {
  const { t } = useI18n();
  return (
    <PromptDialog
      title={title}
      fields={[
        { name: 'front', label: t('cards.front'), initial: initial?.front ?? '', maxLength: CARD_FRONT_MAX, rows: 2, className: 'input card-field' },
        { name: 'back', label: t('cards.back'), initial: initial?.back ?? '', maxLength: CARD_BACK_MAX, rows: 4, className: 'input card-field' },
      ]}
      requiredMessage={t('cards.required')}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
