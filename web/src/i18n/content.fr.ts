// French texts of the public content pages (landing, offer, FAQ, how it works, privacy, cookies,
// contact) and of the plan comparison. French is the source: content.en.ts must hold every key.
// Long texts use a small format read by <Prose>: blank line = new paragraph, '- ' = list item,
// [label](href) = link. Placeholders in braces are filled by t(key, params).

export const contentFr = {
  // Page heads (title, description for search engines and social sharing)
  'head.siteName': 'Révise',
  'head.imageAlt': 'Révise, l’assistant de révision qui part de tes propres cours',
  'head.landing.title': 'Révise — révise à partir de tes propres cours, avec l’IA',
  'head.landing.description':
    'Importe tes cours en PDF ou en photo : Révise en tire des réponses qui citent tes pages, des fiches, des quiz, des flashcards et des podcasts adaptés à ton niveau. Gratuit pour commencer.',
  'head.promo.title': 'Offre de rentrée — Révise',
  'head.promo.description':
    'L’offre de rentrée de Révise : un mois de Premium offert, sans carte bancaire. Dates, conditions et questions fréquentes.',
  'head.faq.title': 'Questions fréquentes — Révise',
  'head.faq.description':
    'Tout savoir sur Révise : confidentialité de tes cours, RGPD, plan gratuit et Premium, parrainage, fichiers acceptés, langues et suppression de compte.',
  'head.how.title': 'Comment ça marche — Révise',
  'head.how.description':
    'De ton cours à ta révision : crée une matière, importe tes PDF ou tes photos, puis génère réponses, fiches, quiz, flashcards et podcasts qui citent tes pages.',
  'head.privacy.title': 'Politique de confidentialité — Révise',
  'head.privacy.description':
    'Quelles données Révise traite, pourquoi, avec quels sous-traitants, combien de temps, et comment exercer tes droits RGPD.',
  'head.cookies.title': 'Cookies et stockage local — Révise',
  'head.cookies.description':
    'Révise n’utilise ni publicité ni traceur : seulement le stockage local indispensable (langue, session, bandeau cookies).',
  'head.contact.title': 'Contact — Révise',
  'head.contact.description': 'Une question sur ton compte, ton abonnement ou tes données ? Écris à l’équipe Révise.',

  // Shared bits of the content pages
  'content.lastUpdated': 'Dernière mise à jour : {date}',
  'content.onThisPage': 'Sur cette page',
  'content.premiumBadge': 'Premium',
  'content.ctaNote': 'Gratuit, sans carte bancaire.',
  'content.toSubjects': 'Aller à mes matières',

  // Photo mode: reading the text of the photos in the browser (the other photo.* keys are in fr.ts)
  'photo.readingText': 'Lecture du texte : photo {current} sur {total}…',

  // Landing: hero
  'landing.hero.tagline': 'Révise plus malin, à partir de tes propres cours.',
  'landing.hero.messagesLabel': 'Avec Révise, tu peux :',
  'landing.hero.message1': 'poser une question et obtenir une réponse qui cite ta page.',
  'landing.hero.message2': 'transformer un chapitre en fiche de révision.',
  'landing.hero.message3': 't’entraîner avec des quiz à ton niveau.',
  'landing.hero.message4': 'mémoriser l’essentiel avec des flashcards.',
  'landing.hero.message5': 'écouter ton cours en podcast.',
  'landing.hero.message6': 'planifier tes révisions jusqu’au jour J.',
  'landing.hero.description':
    'Importe tes cours en PDF ou en photo. Révise en extrait le texte et t’aide à réviser avec des réponses sourcées, des fiches, des quiz, des flashcards et des podcasts, adaptés à ton niveau, du collège au doctorat.',
  'landing.hero.counterLabel': 'étudiants ont déjà essayé Révise',
  'landing.hero.cta': 'Créer mon compte gratuit',
  'landing.hero.secondary': 'Voir comment ça marche',
  'landing.preview.label': 'Exemple : une réponse de Révise qui cite la page du cours utilisée',
  'landing.preview.subject': 'Physique',
  'landing.preview.question': 'C’est quoi, l’énergie cinétique ?',
  'landing.preview.answer':
    'C’est l’énergie que possède un corps du fait de son mouvement : Ec = ½ m v², en joules, avec m en kg et v en m/s.',
  'landing.preview.source': 'Chapitre 4 - Énergie.pdf · p. 12',
  'landing.preview.tools': 'Ensuite :',
  'landing.preview.sheet': 'Fiche',
  'landing.preview.quiz': 'Quiz',
  'landing.preview.cards': 'Flashcards',
  'landing.preview.podcast': 'Podcast',

  // Landing: features
  'landing.features.title': 'Tout pour réviser, à partir de tes cours',
  'landing.features.intro':
    'Révise ne remplace pas tes cours : il travaille avec. Chaque outil part des fichiers que tu as importés et te dit d’où vient l’information.',
  'landing.features.adaptive.title': 'Une IA qui s’adapte à toi',
  'landing.features.adaptive.text':
    'Collège, lycée, prépa ou université : les explications suivent le niveau d’études de ton profil, en français ou en anglais.',
  'landing.features.sheets.title': 'Des fiches intelligentes',
  'landing.features.sheets.text':
    'Une fiche claire pour un chapitre entier : l’essentiel, les définitions et les formules, avec les pages d’où elles viennent.',
  'landing.features.assistant.title': 'Un assistant personnel',
  'landing.features.assistant.text':
    'Pose tes questions sur ton cours : réponse concise, détaillée, pas à pas ou correction d’exercice. Chaque réponse cite le fichier et la page.',
  'landing.features.quizzes.title': 'Quiz adaptatifs',
  'landing.features.quizzes.text':
    'QCM et questions ouvertes, faciles ou difficiles. Tes réponses ouvertes sont corrigées : points forts, points à revoir, réponse modèle.',
  'landing.features.flashcards.title': 'Flashcards',
  'landing.features.flashcards.text': 'Des cartes question-réponse tirées de ton cours pour retenir les notions clés.',
  'landing.features.planner.title': 'Planning intelligent',
  'landing.features.planner.text': 'Un planning de révision et une liste de tâches pour arriver prêt le jour de l’examen.',
  'landing.features.tracking.title': 'Suivi détaillé',
  'landing.features.tracking.text': 'Objectifs, scores de quiz, temps d’étude et série de connexions : tu vois où tu en es.',
  'landing.features.podcasts.title': 'Podcasts de cours',
  'landing.features.podcasts.text': 'Ton cours raconté en podcast, court ou long, à écouter dans le bus ou en marchant.',
  'landing.features.exam.title': 'Mode examen',
  'landing.features.exam.text': 'Des sujets et des cas pratiques en conditions d’examen pour te tester avant le jour J.',

  // Landing: trust, plans, closing
  'landing.trust.private': 'Tes cours restent privés et ne servent jamais à entraîner des modèles d’IA.',
  'landing.trust.gdpr': 'Conforme au RGPD : tu peux tout supprimer en un clic depuis ton profil.',
  'landing.trust.languages': 'En français et en anglais, du collège au doctorat.',
  'landing.plans.title': 'Commence gratuitement, passe à Premium quand tu veux',
  'landing.plans.intro': 'Les compteurs du plan gratuit repartent à zéro le 1er de chaque mois.',
  'landing.closing.title': 'Ton prochain examen se prépare ici.',
  'landing.closing.text': 'Crée ton compte en une minute, importe ton premier cours et pose ta première question.',
  'landing.closing.cta': 'Créer mon compte gratuit',

  // Plan comparison (landing page and onboarding)
  'plans.label': 'Comparaison des formules',
  'plans.free.name': 'Gratuit',
  'plans.free.tagline': 'Pour découvrir Révise et réviser régulièrement.',
  'plans.free.note': 'Sans carte bancaire.',
  'plans.premium.name': 'Premium',
  'plans.premium.tagline': 'Pour réviser sans limite jusqu’aux examens.',
  'plans.premium.note': 'Paiement mensuel par carte, sans engagement.',
  'plans.perMonth': '/ mois',
  'plans.recommended': 'Recommandé',
  'plans.included': 'Inclus :',
  'plans.notIncluded': 'Non inclus :',
  'plans.free.cta': 'Commencer gratuitement',
  'plans.premium.cta': 'Choisir Premium',
  'plans.free.questions': '{questions} questions par mois',
  'plans.free.sheets': '{sheets} fiches de révision par mois',
  'plans.free.quizzes': '{quizzes} quiz par mois',
  'plans.free.flashcards': '{flashcards} séries de flashcards par mois',
  'plans.free.podcasts': '{podcasts} podcasts par mois, à écouter sans les sauvegarder',
  'plans.free.subjects': '{subjects} matières, {files} fichiers par matière',
  'plans.free.scans': '{ocrPages} pages numérisées lues par mois (les pages avec du texte ne comptent pas)',
  'plans.free.model': 'Un modèle d’IA plus léger pour tes réponses, fiches, quiz et podcasts',
  'plans.free.planner': 'Planning de révision et tâches',
  'plans.free.referral': 'Programme de parrainage',
  'plans.free.noStats': 'Statistiques détaillées',
  'plans.free.noSave': 'Sauvegarde des fiches et des podcasts',
  'plans.free.noExam': 'Mode examen et cas pratiques',
  'plans.premium.unlimited': 'Génération illimitée : questions, fiches, quiz, flashcards (usage raisonnable, voir la FAQ)',
  'plans.premium.model': 'Notre modèle d’IA le plus performant pour tes réponses, fiches, quiz et podcasts',
  'plans.premium.subjects': 'Matières et fichiers illimités',
  'plans.premium.podcasts': 'Podcasts de cours',
  'plans.premium.stats': 'Statistiques détaillées',
  'plans.premium.save': 'Sauvegarde illimitée des podcasts et des fiches',
  'plans.premium.planner': 'Planning de révision avancé avec rappels',
  'plans.premium.exam': 'Mode examen et cas pratiques',
  'plans.premium.support': 'Support prioritaire',
  'plans.premium.referral': 'Programme de parrainage',

  // Back-to-school offer (/offre-de-rentree)
  'promo.eyebrow': 'Offre de rentrée 2025',
  'promo.open.tagline': 'Un mois de Premium offert, sans carte bancaire.',
  'promo.ended.tagline': 'L’offre de rentrée est terminée.',
  'promo.messagesLabel': 'Avec Révise :',
  'promo.message1': 'des réponses qui citent tes pages de cours.',
  'promo.message2': 'des fiches de révision en un clic.',
  'promo.message3': 'des quiz et des flashcards à ton niveau.',
  'promo.message4': 'ton cours en podcast.',
  'promo.open.status': 'Offre valable jusqu’au {date} (heure de Paris).',
  'promo.open.text':
    'Crée ton compte gratuit et profite d’un mois complet de Premium : génération illimitée, podcasts, statistiques détaillées, mode examen. Aucune carte bancaire n’est demandée et rien n’est prélevé à la fin du mois.',
  'promo.ended.status': 'Cette offre a pris fin le {date} (heure de Paris) et ne peut plus être activée.',
  'promo.ended.text':
    'Merci à tous ceux qui en ont profité ! Tu peux toujours créer un compte gratuit, sans carte bancaire, et passer à Premium pour {premiumPrice} par mois quand tu veux.',
  'promo.ended.seePlans': 'Voir les formules',
  'promo.cta': 'Créer mon compte gratuit',
  'promo.code.title': 'Tu as un code promotionnel ?',
  'promo.code.visitorHint':
    'Saisis-le ici : il est appliqué dès que ton compte est créé ou que tu es connecté.',
  'promo.code.visitorSubmit': 'Activer mon code',
  'promo.referralHint':
    'Autre façon d’obtenir Premium sans payer : parraine {referralGoal} amis qui créent leur compte et complètent leur profil, et gagne {referralMonths} mois offerts.',
  'promo.features.title': 'Ce que Premium débloque',
  'promo.features.unlimited.title': 'Génération illimitée',
  'promo.features.unlimited.text': 'Questions, fiches, quiz et flashcards sans compteur mensuel, pour toutes tes matières.',
  'promo.features.files.title': 'Matières et fichiers illimités',
  'promo.features.files.text': 'Tous tes cours au même endroit, sans limite de matières ni de fichiers par matière.',
  'promo.features.podcasts.title': 'Podcasts sauvegardés',
  'promo.features.podcasts.text': 'Génère tes podcasts de cours et garde-les pour les réécouter quand tu veux.',
  'promo.features.stats.title': 'Statistiques détaillées',
  'promo.features.stats.text': 'Ton temps d’étude et tes scores sur 7 jours, 30 jours ou depuis le début.',
  'promo.features.planner.title': 'Planning avancé',
  'promo.features.planner.text': 'Un planning de révision avec rappels pour ne rien laisser de côté.',
  'promo.features.exam.title': 'Mode examen',
  'promo.features.exam.text': 'Des sujets et des cas pratiques en conditions réelles.',
  'promo.conditions.title': 'Conditions de l’offre',
  'promo.conditions.body':
    '- Un mois de Premium offert, sans carte bancaire.\n- Une seule activation par utilisateur.\n- Offre valable jusqu’au {date} (heure de Paris) ; elle ne peut plus être activée après cette date.\n- À la fin du mois offert, ton compte repasse automatiquement au plan gratuit : rien n’est prélevé, tes matières et tes fichiers sont conservés.\n- Le plan gratuit reste soumis à ses limites mensuelles ({questions} questions, {sheets} fiches, {quizzes} quiz, {flashcards} séries de flashcards, {podcasts} podcasts ; {subjects} matières, {files} fichiers par matière).',
  'promo.faq.title': 'Questions sur l’offre',
  'promo.faq.stillValid.q': 'L’offre est-elle encore valable ?',
  'promo.faq.stillValid.a':
    'L’offre de rentrée était valable jusqu’au {date} (heure de Paris). Après cette date, elle ne peut plus être activée, mais le plan gratuit reste ouvert à tous.',
  'promo.faq.card.q': 'Faut-il une carte bancaire ?',
  'promo.faq.card.a':
    'Non. Le mois offert ne demande aucun moyen de paiement, et la création d’un compte gratuit non plus. Une carte n’est demandée que si tu choisis toi-même de t’abonner à Premium.',
  'promo.faq.after.q': 'Que se passe-t-il à la fin du mois offert ?',
  'promo.faq.after.a':
    'Ton accès Premium s’arrête tout seul et ton compte repasse au plan gratuit. Rien n’est prélevé. Tes matières, tes fichiers et ce que tu as généré restent dans ton compte.',
  'promo.faq.twice.q': 'Puis-je activer l’offre plusieurs fois ?',
  'promo.faq.twice.a':
    'Non, l’offre s’active une seule fois par utilisateur. Pour prolonger Premium gratuitement, le parrainage reste possible : {referralGoal} filleuls qui complètent leur profil te donnent {referralMonths} mois offerts.',

  // FAQ
  'faq.title': 'Questions fréquentes',
  'faq.intro': 'Les réponses aux questions que les étudiants nous posent le plus souvent.',
  'faq.searchLabel': 'Rechercher dans la FAQ',
  'faq.searchPlaceholder': 'Ex. : RGPD, limite, parrainage…',
  'faq.searchClear': 'Effacer la recherche',
  'faq.resultsOne': '1 réponse pour « {query} »',
  'faq.results': '{count} réponses pour « {query} »',
  'faq.noResults': 'Aucune réponse ne correspond à « {query} ».',
  'faq.noResultsHelp': 'Essaie un autre mot, ou [écris-nous](/contact) : nous répondrons à ta question.',
  'faq.categories': 'Catégories',
  'faq.moreHelp.title': 'Tu n’as pas trouvé ta réponse ?',
  'faq.moreHelp.text': 'Écris-nous, un humain te répondra.',
  'faq.moreHelp.cta': 'Nous contacter',

  'faq.cat.general': 'Révise en bref',
  'faq.general.what.q': 'Qu’est-ce que Révise ?',
  'faq.general.what.a':
    'Révise est un assistant de révision qui travaille à partir de tes propres cours. Tu importes tes fichiers PDF ou des photos de tes pages, classés par matière, et Révise t’aide à réviser :\n- réponses à tes questions sur le cours, en plusieurs modes (question de cours, concis, détaillé, correction d’exercice, pas à pas) ;\n- fiches de révision, quiz, flashcards et podcasts ;\n- planning de révision, tâches, objectifs, statistiques et un coach IA.\n\nChaque réponse cite le fichier et la page d’où elle vient, pour que tu puisses vérifier.',
  'faq.general.levels.q': 'À quels niveaux d’études Révise s’adresse-t-il ?',
  'faq.general.levels.a':
    'Du collège au doctorat, en passant par le lycée, la prépa, la licence et le master. Le niveau indiqué dans ton profil permet à l’IA d’adapter ses explications ; tu peux le changer à tout moment depuis ton [profil](/profile).',
  'faq.general.languages.q': 'En quelles langues puis-je utiliser Révise ?',
  'faq.general.languages.a':
    'L’interface existe en français et en anglais. Tu changes de langue à tout moment avec le sélecteur de langue ou dans ton profil ; ton choix est gardé sur ton appareil. Tes cours peuvent être en français ou en anglais : Révise détecte leur langue automatiquement.',
  'faq.general.reliable.q': 'Les réponses sont-elles fiables ?',
  'faq.general.reliable.a':
    'Révise s’appuie sur le texte de tes fichiers et indique à chaque fois le fichier et la page utilisés. Une IA peut néanmoins se tromper, surtout sur un document mal scanné : en cas de doute, ouvre la page citée. Révise est fait pour t’aider à réviser, pas pour remplacer ton cours ou tes enseignants.',

  'faq.cat.files': 'Tes cours et tes fichiers',
  'faq.files.formats.q': 'Quels fichiers puis-je importer ?',
  'faq.files.formats.a':
    'Des fichiers PDF, jusqu’à {maxFileSize} Mo chacun. Pour un cours papier, utilise le mode photo : tu prends tes pages en photo et Révise les assemble en un PDF au format A4, avec le texte reconnu.\n\nLe plan gratuit permet {subjects} matières et {files} fichiers par matière ; Premium n’a pas de limite.',
  'faq.files.processing.q': 'Comment mes fichiers sont-ils traités ?',
  'faq.files.processing.a':
    'Ton fichier est stocké dans ton espace privé, puis Révise en lit le texte page par page. Les pages qui ne contiennent presque pas de texte (un scan, une photo) passent par la reconnaissance de texte (OCR). La langue du cours est détectée automatiquement.\n\nL’état de chaque fichier s’affiche dans ta matière ; si un fichier n’a pas pu être lu, un message te l’indique. Le texte extrait ne sert qu’à répondre à tes demandes.',
  'faq.files.quality.q': 'Comment obtenir de meilleurs résultats avec des photos ?',
  'faq.files.quality.a':
    'Photographie une page à la fois, bien à plat, à la lumière du jour et sans reflet. Un texte net est mieux reconnu ; une écriture manuscrite peu lisible peut être mal lue.',
  'faq.files.delete.q': 'Puis-je supprimer un fichier ou une matière ?',
  'faq.files.delete.a':
    'Oui. Depuis la page « Mes fichiers » d’une matière, tu supprimes un fichier (après confirmation) : il est effacé du stockage puis de ta liste. Supprimer une matière efface aussi ses fichiers.',

  'faq.cat.privacy': 'Confidentialité et données',
  'faq.privacy.courses.q': 'Mes cours restent-ils privés ?',
  'faq.privacy.courses.a':
    'Oui. Tes fichiers et tout ce qui est généré à partir d’eux ne sont visibles que depuis ton compte. Ils ne sont ni partagés, ni vendus, ni utilisés pour entraîner des modèles d’IA : la génération passe par Amazon Bedrock, qui n’utilise pas les contenus qu’on lui soumet pour entraîner ses modèles.',
  'faq.privacy.gdpr.q': 'Révise est-il conforme au RGPD ?',
  'faq.privacy.gdpr.a':
    'Oui. Révise ne collecte que ce qui est nécessaire au service (ton compte, ton profil, tes cours, tes compteurs d’utilisation), sans publicité ni traceur. Tu peux consulter et corriger tes informations dans ton profil, et tout supprimer d’un clic. Pour tout autre droit (accès, portabilité, opposition), écris à [contact@revise.app](mailto:contact@revise.app). Le détail est dans notre [politique de confidentialité](/privacy).',
  'faq.privacy.data.q': 'Quelles données sont conservées, et où ?',
  'faq.privacy.data.a':
    'Ton e-mail et ton mot de passe (géré par Amazon Cognito, jamais stocké en clair), ton profil, tes fichiers et le texte extrait, ce que tu as généré et sauvegardé, et le nombre de générations du mois. Tout est hébergé chez Amazon Web Services. Le paiement Premium est géré par Stripe : Révise ne voit jamais ton numéro de carte.',

  'faq.cat.plans': 'Formules et paiement',
  'faq.plans.free.q': 'Que comprend le plan gratuit ?',
  'faq.plans.free.a':
    'Chaque mois, gratuitement :\n- {questions} questions ;\n- {sheets} fiches de révision ;\n- {quizzes} quiz ;\n- {flashcards} séries de flashcards ;\n- {podcasts} podcasts (à écouter, sans sauvegarde) ;\n- {ocrPages} pages numérisées lues (les pages qui contiennent déjà du texte ne comptent pas).\n\nJusqu’à {subjects} matières et {files} fichiers par matière. Les compteurs repartent à zéro le 1er de chaque mois. Les statistiques détaillées, la sauvegarde des fiches et des podcasts, et le mode examen sont réservés à Premium.',
  'faq.plans.premium.q': 'Combien coûte Premium et que comprend-il ?',
  'faq.plans.premium.a':
    'Premium coûte {premiumPrice} par mois, payé par carte, sans engagement. Il comprend la génération illimitée (dans la limite d’un usage raisonnable, voir ci-dessous), des matières et des fichiers illimités, les podcasts, les statistiques détaillées, la sauvegarde illimitée des podcasts et des fiches, le planning avancé avec rappels, le mode examen et les cas pratiques, et le support prioritaire.',
  'faq.plans.limit.q': 'Que se passe-t-il quand j’atteins une limite ?',
  'faq.plans.limit.a':
    'Révise te l’indique au moment où tu lances l’action. Tu peux attendre le 1er du mois suivant, où les compteurs repartent à zéro, ou passer à Premium. Rien n’est supprimé : tes matières, tes fichiers et tes contenus restent là.',
  'faq.plans.fairUse.q': 'Premium a-t-il une limite d’usage raisonnable ?',
  'faq.plans.fairUse.a':
    'Oui, pour que le service reste viable, chaque mois :\n- {fairQuestions} questions (messages au coach compris) ;\n- {fairSheets} fiches de révision ;\n- {fairQuizzes} questions de quiz ;\n- {fairFlashcards} séries de flashcards ;\n- {fairPodcasts} podcasts ;\n- {fairOcrPages} pages numérisées lues.\n\nC’est plusieurs fois ce qu’utilise un étudiant très actif : seul un usage automatisé ou partagé l’atteint. Si tu l’atteins, Révise te l’indique au moment où tu lances l’action, et le compteur repart à zéro le 1er du mois.',
  'faq.plans.model.q': 'Le plan gratuit et Premium utilisent-ils le même modèle d’IA ?',
  'faq.plans.model.a':
    'Non. Premium utilise notre modèle d’IA le plus performant ; le plan gratuit, un modèle plus léger, qui nous permet de le garder gratuit. Les deux s’appuient uniquement sur tes cours et citent les pages d’où viennent leurs réponses, mais le modèle plus léger peut être moins précis ou moins nuancé sur les notions difficiles. Dès que tu passes à Premium, tes demandes suivantes sont traitées par le modèle le plus performant.',
  'faq.plans.cancel.q': 'Puis-je résilier Premium ?',
  'faq.plans.cancel.a':
    'Oui, à tout moment depuis ton profil. Premium reste actif jusqu’à la fin de la période déjà payée, puis ton compte repasse au plan gratuit sans perdre tes données.',

  'faq.cat.referral': 'Parrainage et codes promo',
  'faq.referral.how.q': 'Comment fonctionne le parrainage ?',
  'faq.referral.how.a':
    'Ton code et ton lien de parrainage sont dans ton profil. Quand {referralGoal} personnes ont créé leur compte avec ton code et complété leur profil, tu gagnes {referralMonths} mois de Premium offerts. Tes filleuls n’ont pas besoin d’être abonnés à Premium.',
  'faq.referral.promo.q': 'Que m’apporte un code promo ?',
  'faq.referral.promo.a':
    'Un code promo valide t’offre un mois de Premium, sans carte bancaire. Si tu profites déjà d’un essai Premium en cours, le mois s’ajoute à sa date de fin. Un même code ne peut être utilisé qu’une fois par compte.',
  'faq.referral.offer.q': 'L’offre de rentrée est-elle encore disponible ?',
  'faq.referral.offer.a':
    'Non : l’offre de rentrée (un mois de Premium offert, sans carte) a pris fin le {offerEnd} (heure de Paris). Les détails sont sur la page de l’[offre de rentrée](/offre-de-rentree).',

  'faq.cat.account': 'Ton compte',
  'faq.account.create.q': 'Comment créer un compte ?',
  'faq.account.create.a':
    'Avec ton e-mail et un mot de passe d’au moins 6 caractères, ou avec Google. Nous t’envoyons un code à 6 chiffres, valable 24 h, pour vérifier ton adresse. Ensuite, tu indiques ta langue, ton niveau d’études et ta spécialité : c’est ce qui permet d’adapter les explications.',
  'faq.account.password.q': 'J’ai oublié mon mot de passe.',
  'faq.account.password.a':
    'Dans la fenêtre de connexion, choisis « Mot de passe oublié ? » et saisis ton e-mail. Tu reçois un lien pour choisir un nouveau mot de passe (au moins 8 caractères).',
  'faq.account.delete.q': 'Comment supprimer mon compte ?',
  'faq.account.delete.a':
    'Depuis ton [profil](/profile), rubrique « Zone sensible ». La suppression est immédiate et définitive : ton compte, ton profil, tes matières, tes fichiers, tout ce qui a été généré et tes compteurs d’utilisation sont effacés. Si tu as un abonnement Premium payant, résilie-le d’abord depuis ton profil.',

  // How it works
  'how.title': 'Comment fonctionne Révise',
  'how.intro':
    'De ton cours à ta révision en six étapes. Révise travaille uniquement à partir des fichiers que tu importes, et te montre toujours d’où vient l’information.',
  'how.step': 'Étape {n}',
  'how.subject.title': 'Crée une matière',
  'how.subject.text':
    'Une matière regroupe les cours d’un même sujet, par exemple « Physique » ou « Droit constitutionnel ». Le plan gratuit en permet {subjects} ; Premium n’a pas de limite.',
  'how.upload.title': 'Importe tes cours',
  'how.upload.text':
    'Ajoute tes fichiers PDF (jusqu’à {maxFileSize} Mo chacun) et donne-leur le nom que tu veux. Pour un cours papier, le mode photo assemble tes photos en un PDF au format A4.',
  'how.extract.title': 'Le texte est extrait',
  'how.extract.text':
    'Révise lit ton fichier page par page. Les pages scannées ou photographiées passent par la reconnaissance de texte (OCR) et la langue du cours est détectée. L’état du fichier s’affiche ; s’il n’a pas pu être lu, un message te le dit.',
  'how.generate.title': 'Génère tes outils de révision',
  'how.generate.text':
    'Pose une question (question de cours, concis, détaillé, correction d’exercice ou pas à pas), crée une fiche, lance un quiz, des flashcards ou un podcast. Chaque réponse cite le fichier et la page utilisés.',
  'how.plan.title': 'Planifie',
  'how.plan.text':
    'Construis un planning de révision et une liste de tâches jusqu’à ton examen, et fixe-toi des objectifs : heures d’étude par semaine, note visée sur 20, score de quiz visé.',
  'how.track.title': 'Suis tes progrès',
  'how.track.text':
    'Ta série de connexions, tes scores et ton temps d’étude ; les statistiques détaillées sur 7 jours, 30 jours ou tout l’historique avec Premium, et un coach IA pour savoir quoi revoir ensuite.',
  'how.example.title': 'Une réponse, avec sa source',
  'how.example.text':
    'Chaque contenu généré indique le fichier et la page sur lesquels il s’appuie. Tu sais exactement quel passage de ton cours relire.',
  'how.honest.title': 'Ce qu’il faut savoir',
  'how.honest.body':
    '- Révise ne connaît que ce que tu lui donnes : si une notion n’est pas dans tes fichiers, ne t’attends pas à une réponse sourcée.\n- Une IA peut se tromper, surtout sur un scan flou ou une écriture peu lisible. Vérifie les pages citées en cas de doute.\n- Une photo nette, prise à plat et bien éclairée donne un meilleur texte.\n- Tes fichiers ne sont visibles que par toi et ne servent jamais à entraîner des modèles d’IA.',
  'how.cta.title': 'Prêt à essayer ?',
  'how.cta.text': 'Crée ton compte gratuit et importe ton premier cours.',

  // Privacy policy
  'privacy.title': 'Politique de confidentialité',
  'privacy.intro':
    'Révise est un service pour étudiants : tes cours sont personnels et nous les traitons comme tels. Cette page explique, simplement, ce que nous faisons de tes données.',
  'privacy.updated': '21 novembre 2026',
  'privacy.controller.title': 'Qui est responsable de tes données',
  'privacy.controller.body':
    'Le responsable du traitement est l’éditeur du service Révise. Pour toute question sur tes données ou pour exercer tes droits, écris à [contact@revise.app](mailto:contact@revise.app) en indiquant « Données personnelles » dans l’objet.',
  'privacy.data.title': 'Les données que nous traitons',
  'privacy.data.body':
    '- **Compte** : ton adresse e-mail et ton mot de passe. Le mot de passe est géré par Amazon Cognito et n’est jamais stocké en clair. Si tu utilises « Continuer avec Google », nous recevons ton e-mail et un identifiant Google.\n- **Profil** : langue, niveau d’études, spécialité, établissement (facultatif), code de parrainage, série de connexions et parrainages.\n- **Tes cours** : les fichiers que tu importes, le texte qui en est extrait et ce que tu génères ou sauvegardes (réponses, conversations, fiches, quiz, flashcards, podcasts, planning, tâches, objectifs).\n- **Abonnement** : statut, dates de période et d’essai, marque et 4 derniers chiffres de la carte. Le numéro complet de ta carte est saisi chez Stripe et ne nous parvient jamais.\n- **Compteurs d’utilisation** : le nombre de générations de chaque outil pour le mois en cours, qui sert à appliquer les limites du plan gratuit.\n- **Journaux techniques** : date, requête, erreurs, sans le contenu de tes cours, pour faire fonctionner et sécuriser le service.',
  'privacy.purposes.title': 'Pourquoi nous les traitons',
  'privacy.purposes.body':
    '- Fournir le service que tu demandes : ton compte, tes matières, les contenus générés, l’abonnement (exécution du contrat).\n- Sécuriser le service et prévenir les abus (intérêt légitime).\n- Tenir notre comptabilité lorsque tu paies Premium (obligation légale).\n\nNous ne faisons ni publicité, ni revente de données, ni profilage commercial.',
  'privacy.training.title': 'Tes cours ne servent pas à entraîner des modèles',
  'privacy.training.body':
    'Pour générer réponses, fiches, quiz, flashcards et podcasts, le texte nécessaire est envoyé à Amazon Bedrock, le service d’IA d’Amazon Web Services, uniquement pour produire le résultat que tu as demandé. Amazon Bedrock n’utilise pas ces contenus pour entraîner ses modèles et ne les partage pas avec les fournisseurs de modèles. Révise non plus n’utilise jamais tes cours pour entraîner un modèle.',
  'privacy.processors.title': 'Nos sous-traitants',
  'privacy.processors.body':
    '- **Amazon Web Services** : hébergement et base de données, stockage de tes fichiers, authentification (Amazon Cognito), génération de contenu (Amazon Bedrock), reconnaissance de texte (Amazon Textract), voix des podcasts (Amazon Polly) et envoi des e-mails du compte.\n- **Stripe** : paiement de l’abonnement Premium.\n- **Google** : uniquement si tu choisis de te connecter avec Google.\n\nChacun n’accède qu’aux données nécessaires à sa mission. Si des données sont traitées hors de l’Union européenne, ce transfert est encadré par les clauses contractuelles types de la Commission européenne.',
  'privacy.retention.title': 'Combien de temps nous les gardons',
  'privacy.retention.body':
    'Tes données sont conservées tant que ton compte existe. Quand tu supprimes ton compte depuis ton [profil](/profile), tout est effacé immédiatement : compte, profil, matières, fichiers, contenus générés et compteurs. Un fichier ou une matière que tu supprimes est effacé de la même façon.\n\nSeules exceptions : les pièces comptables liées à un paiement, que la loi impose de garder 10 ans, et les journaux techniques, conservés pour une durée limitée.',
  'privacy.rights.title': 'Tes droits',
  'privacy.rights.body':
    'Conformément au RGPD, tu disposes d’un droit d’accès, de rectification, d’effacement, de portabilité, de limitation et d’opposition.\n\n- Corriger tes informations : directement dans ton [profil](/profile).\n- Tout effacer : « Supprimer mon compte » dans ton profil.\n- Tout autre droit : écris à [contact@revise.app](mailto:contact@revise.app). Nous répondons dans un délai d’un mois au plus.\n\nSi tu estimes que tes droits ne sont pas respectés, tu peux adresser une réclamation à la CNIL ([www.cnil.fr](https://www.cnil.fr)).',
  'privacy.security.title': 'Sécurité',
  'privacy.security.body':
    'Tous les échanges passent par une connexion chiffrée (HTTPS). Tes fichiers sont stockés dans un espace privé, accessible seulement depuis ton compte, et chaque requête vérifie que les données demandées t’appartiennent.',
  'privacy.minors.title': 'Si tu as moins de 15 ans',
  'privacy.minors.body':
    'Demande l’accord d’un parent ou d’un tuteur avant de créer ton compte. Il peut nous écrire à tout moment pour exercer tes droits.',
  'privacy.changes.title': 'Modifications',
  'privacy.changes.body':
    'Si cette politique change de façon importante, nous te prévenons dans l’application ou par e-mail avant que la nouvelle version s’applique.',

  // Cookies and local storage
  'cookiesPage.title': 'Cookies et stockage local',
  'cookiesPage.intro':
    'Révise n’utilise aucun cookie publicitaire ni de mesure d’audience, et aucun traceur tiers. Le site garde seulement, dans le stockage local de ton navigateur, ce qui est indispensable pour fonctionner.',
  'cookiesPage.updated': '21 novembre 2026',
  'cookiesPage.table.title': 'Ce que le site enregistre sur ton appareil',
  'cookiesPage.table.caption': 'Éléments enregistrés dans le stockage local du navigateur',
  'cookiesPage.col.name': 'Nom',
  'cookiesPage.col.purpose': 'À quoi ça sert',
  'cookiesPage.col.duration': 'Durée',
  'cookiesPage.language.purpose': 'La langue de l’interface que tu as choisie (fr ou en).',
  'cookiesPage.language.duration': 'Jusqu’à ce que tu changes de langue ou effaces les données du site.',
  'cookiesPage.consent.purpose': 'Retenir que tu as lu le bandeau d’information sur les cookies, pour ne pas l’afficher à chaque visite.',
  'cookiesPage.consent.duration': 'Jusqu’à ce que tu effaces les données du site.',
  'cookiesPage.session.purpose':
    'Les jetons de ta session de connexion (Amazon Cognito), pour que tu restes connecté d’une page à l’autre.',
  'cookiesPage.session.duration': 'Jusqu’à ta déconnexion ; la session expire au plus tard après 30 jours sans renouvellement.',
  'cookiesPage.pending.purpose':
    'Une inscription en attente de son code de vérification : ton e-mail et, si tu en as saisi un, le code de parrainage. Jamais ton mot de passe.',
  'cookiesPage.pending.duration': 'Effacé dès que ton compte est confirmé, et au plus tard après 24 h.',
  'cookiesPage.message.purpose': 'Le message « Votre session a expiré » à afficher une fois après une déconnexion automatique.',
  'cookiesPage.message.duration': 'Effacé dès qu’il a été affiché.',
  'cookiesPage.tab.purpose':
    'Pour l’onglet ouvert seulement : la page à afficher après ta connexion, et le fait que tu as masqué le rappel de vérification de ton e-mail.',
  'cookiesPage.tab.duration': 'Jusqu’à la fermeture de l’onglet (stockage de session).',
  'cookiesPage.exempt.title': 'Pourquoi nous ne te demandons pas ton consentement',
  'cookiesPage.exempt.body':
    'Ces éléments sont strictement nécessaires au service que tu demandes : ils sont dispensés de consentement selon les règles de la CNIL. Le bandeau affiché lors de ta première visite sert à t’en informer.',
  'cookiesPage.payment.title': 'Au moment du paiement',
  'cookiesPage.payment.body':
    'Si tu t’abonnes à Premium, le paiement se fait sur la page sécurisée de Stripe. Stripe y dépose ses propres cookies, nécessaires au paiement et à la lutte contre la fraude, selon sa propre politique.',
  'cookiesPage.control.title': 'Garder la main',
  'cookiesPage.control.body':
    '- Te déconnecter efface les jetons de session de cet appareil.\n- Tu peux effacer toutes les données du site depuis les réglages de ton navigateur ; tu devras alors te reconnecter et rechoisir ta langue.\n- Pour toute question : [contact@revise.app](mailto:contact@revise.app).',

  // Contact
  'contact.title': 'Nous contacter',
  'contact.intro': 'Une question, un problème, une idée ? Écris-nous : un humain lit chaque message.',
  'contact.email.title': 'Par e-mail',
  'contact.email.address': 'contact@revise.app',
  'contact.email.text':
    'Nous répondons dès que possible. Les abonnés Premium bénéficient du support prioritaire.',
  'contact.email.cta': 'Écrire un e-mail',
  'contact.tips.title': 'Pour que nous puissions t’aider vite',
  'contact.tips.body':
    '- Écris depuis l’adresse de ton compte Révise, ou indique-la.\n- Précise la matière ou le fichier concerné et ce que tu faisais.\n- Joins une capture d’écran si un message d’erreur s’affiche.\n- Ne nous envoie jamais ton mot de passe : nous ne le demanderons jamais.',
  'contact.topics.title': 'Selon ta demande',
  'contact.topics.account.title': 'Compte et abonnement',
  'contact.topics.account.text':
    'Connexion, e-mail de vérification, facturation, résiliation. Pour un mot de passe oublié, utilise « Mot de passe oublié ? » dans la fenêtre de connexion.',
  'contact.topics.data.title': 'Données personnelles',
  'contact.topics.data.text':
    'Accès, portabilité, opposition : indique « Données personnelles » dans l’objet. Pour tout effacer, supprime ton compte depuis ton profil : c’est immédiat.',
  'contact.topics.bug.title': 'Un problème ou une idée',
  'contact.topics.bug.text':
    'Un fichier mal lu, une réponse étrange, une fonctionnalité qui te manque : dis-le nous, c’est comme ça que Révise s’améliore.',
  'contact.topics.schools.title': 'Établissements et enseignants',
  'contact.topics.schools.text': 'Tu veux présenter Révise à ta classe ou à ton établissement ? Parlons-en.',
  'contact.faqHint': 'Beaucoup de réponses se trouvent déjà dans la [FAQ](/faq).',
} as const;
