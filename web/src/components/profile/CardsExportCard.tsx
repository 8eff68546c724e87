// "Mes cartes" on the profile: "Exporter mes cartes" downloads every subject's flashcards at once,
// as an Anki package holding one deck per subject or as a tab-separated CSV naming each card's
// subject (the control of the flashcards page, without a subject: components/cards/CardsExport).
import CardsExport from '../cards/CardsExport';
import { useI18n } from '../../i18n';
import '../../styles/cards.css';

export default function CardsExportCard() {
  const { t } = useI18n();
  return (
    <section className="card" aria-labelledby="cards-export-title" data-testid="cards-export-card">
      <h2 id="cards-export-title">{t('profile.cardsTitle')}</h2>
      <p className="muted">{t('profile.cardsIntro')}</p>
      <CardsExport />
    </section>
  );
}
